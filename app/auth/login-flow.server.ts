import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { authenticate } from "./accounts.server";
import { takeToken, throttleRules, type ThrottleResult } from "./throttle.server";

export type LoginOutcome =
  | { kind: "ok"; user: User }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

/** Login as both faces do it: throttle per IP and per account, then check the password. */
export async function attemptLogin(db: Db, email: string, password: string, ip: string | null): Promise<LoginOutcome> {
  const checks: ThrottleResult[] = [
    await takeToken(db, `login:ip:${ip ?? "unknown"}`, throttleRules.loginIp),
    await takeToken(db, `login:account:${email}`, throttleRules.loginAccount),
  ];
  const refused = checks.find((c) => !c.allowed);
  if (refused && !refused.allowed) return { kind: "throttled", retryAfterSeconds: refused.retryAfterSeconds };
  const user = await authenticate(db, email, password, ip);
  return user ? { kind: "ok", user } : { kind: "invalid" };
}
