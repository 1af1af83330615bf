import type { Actor } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import type { User } from "~/platform/db/schema";
import type { TrustedDevice } from "~/auth/device-cookie.server";
import { loginAccountKey, loginDeviceKey, loginDevicesKey, takeToken, throttleRules, type ThrottleResult } from "~/auth/throttle.server";
import { authenticate, changePassword, register, type PasswordChangeInput, type PasswordChangeOutcome, type RegisterInput, type RegisterOutcome } from "./commands.server";

// The throttled doors of accounts, as both faces go through them: the buckets are taken first, in
// this order, then the command runs. Each outcome is mapped by errors.ts. The web form and the API
// share every bucket, so switching faces does not double the allowance.

type Throttled = { ok: false; error: "throttled"; retryAfterSeconds: number };

/** The first refusal among the buckets taken, else null. */
function refusal(checks: ThrottleResult[]): Throttled | null {
  const refused = checks.find((c) => !c.allowed);
  return refused && !refused.allowed ? { ok: false, error: "throttled", retryAfterSeconds: refused.retryAfterSeconds } : null;
}

const ipKey = (action: string, ip: string | null) => `${action}:ip:${ip ?? "unknown"}`;

export type LoginOutcome = { ok: true; user: User } | { ok: false; error: "invalidCredentials" } | Throttled;

/**
 * Login: throttle per IP and per account, then check the password. A browser with a device entry
 * that still vouches for this account (`trustedDevice`, device-cookie.server.ts) is throttled on its
 * entry instead of the account, so failures from elsewhere cannot lock the owner out; and all of
 * the account's trusted browsers share one cap, so keeping many entries buys no more guesses.
 */
export async function attemptLogin(
  db: Db,
  email: string,
  password: string,
  ip: string | null,
  trustedDevice: TrustedDevice | null = null,
): Promise<LoginOutcome> {
  const checks = [await takeToken(db, ipKey("login", ip), throttleRules.loginIp)];
  if (trustedDevice) {
    const own = await takeToken(db, loginDeviceKey(trustedDevice.entryId), throttleRules.loginDevice);
    checks.push(own);
    // An attempt its own bucket already refused does not also spend the cap the account's other
    // browsers share.
    if (own.allowed) checks.push(await takeToken(db, loginDevicesKey(trustedDevice.userId), throttleRules.loginDevices));
  } else {
    checks.push(await takeToken(db, loginAccountKey(email), throttleRules.loginAccount));
  }
  const throttled = refusal(checks);
  if (throttled) return throttled;
  const user = await authenticate(db, email, password, ip);
  return user ? { ok: true, user } : { ok: false, error: "invalidCredentials" };
}

/** Registration: throttled per IP, before the email is even looked up. */
export async function attemptRegistration(db: Db, actor: Pick<Actor, "ip">, input: RegisterInput): Promise<RegisterOutcome | Throttled> {
  const throttled = refusal([await takeToken(db, ipKey("register", actor.ip), throttleRules.registerIp)]);
  return throttled ?? register(db, actor, input);
}

/** Password change: throttled per account, before the current password is checked. */
export async function attemptPasswordChange(
  db: Db,
  actor: Actor,
  input: PasswordChangeInput,
): Promise<PasswordChangeOutcome | Throttled> {
  const throttled = refusal([await takeToken(db, `password:account:${actor.userId}`, throttleRules.passwordAccount)]);
  return throttled ?? changePassword(db, actor, input);
}
