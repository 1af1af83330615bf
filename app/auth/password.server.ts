import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
// Relative and with its extension: the seed scripts load this file in plain Node, which knows no `~`.
import { PASSWORD_MAX } from "./password-limit.ts";

// ARCHITECTURE.md section 5. The parameters travel inside the hash string so
// that a change here rehashes old passwords on their next login.
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 5, saltBytes: 16, keyBytes: 64 } as const;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Format: scrypt$N$r$p$salt(base64)$key(base64). */
export async function hashPassword(password: string): Promise<string> {
  // The schemas refuse longer passwords with a message; this is the backstop for any other caller.
  if (password.length > PASSWORD_MAX) throw new RangeError(`passwords are limited to ${PASSWORD_MAX} characters`);
  const { N, r, p, saltBytes, keyBytes } = SCRYPT_PARAMS;
  const salt = randomBytes(saltBytes);
  const key = await derive(password, salt, N, r, p, keyBytes);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  // No password we stored can be longer, so it is wrong without spending scrypt on it.
  if (password.length > PASSWORD_MAX) return false;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, "base64");
  const expected = Buffer.from(parts[5]!, "base64");
  if (!N || !r || !p || expected.length === 0) return false;
  const actual = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

export function needsRehash(stored: string): boolean {
  const { N, r, p, keyBytes } = SCRYPT_PARAMS;
  const parts = stored.split("$");
  return (
    parts[0] !== "scrypt" ||
    Number(parts[1]) !== N ||
    Number(parts[2]) !== r ||
    Number(parts[3]) !== p ||
    Buffer.from(parts[5] ?? "", "base64").length !== keyBytes
  );
}
