import type { Db } from "~/platform/db/client.server";
import type { User } from "~/platform/db/schema";
import { authenticate } from "./commands.server";
import { loginAccountKey, takeToken, throttleRules, type ThrottleResult } from "~/auth/throttle.server";

export type LoginOutcome =
  | { kind: "ok"; user: User }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

/** A device that signed in to the account before has a bucket of its own (device-cookie.server.ts). */
const loginDeviceKey = (nonce: string) => `login:device:${nonce}`;

/**
 * Login as both faces do it: throttle per IP and per account, then check the password. A browser
 * with a device cookie for this account (`trustedDevice`, its nonce) is throttled on that cookie
 * instead of the account, so failures from elsewhere cannot lock the owner out.
 */
export async function attemptLogin(
  db: Db,
  email: string,
  password: string,
  ip: string | null,
  trustedDevice: string | null = null,
): Promise<LoginOutcome> {
  const checks: ThrottleResult[] = [
    await takeToken(db, `login:ip:${ip ?? "unknown"}`, throttleRules.loginIp),
    await takeToken(db, trustedDevice ? loginDeviceKey(trustedDevice) : loginAccountKey(email), throttleRules.loginAccount),
  ];
  const refused = checks.find((c) => !c.allowed);
  if (refused && !refused.allowed) return { kind: "throttled", retryAfterSeconds: refused.retryAfterSeconds };
  const user = await authenticate(db, email, password, ip);
  return user ? { kind: "ok", user } : { kind: "invalid" };
}
