import { expect, test } from "vitest";
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./password.server";

test("hashes carry scrypt's parameters N=16384, r=8, p=5, a 16-byte salt and a 64-byte key", async () => {
  const hash = await hashPassword("Correct1Horse");
  const [alg, N, r, p, salt, key] = hash.split("$");
  expect([alg, N, r, p]).toEqual(["scrypt", "16384", "8", "5"]);
  expect(Buffer.from(salt!, "base64")).toHaveLength(16);
  expect(Buffer.from(key!, "base64")).toHaveLength(64);
  expect(SCRYPT_PARAMS).toMatchObject({ N: 16384, r: 8, p: 5 });
});

test("the right password verifies and a wrong one does not", async () => {
  const hash = await hashPassword("Correct1Horse");
  expect(await verifyPassword("Correct1Horse", hash)).toBe(true);
  expect(await verifyPassword("correct1horse", hash)).toBe(false);
  expect(await verifyPassword("", hash)).toBe(false);
});

test("the same password hashes differently each time (random salt)", async () => {
  expect(await hashPassword("Same1Password")).not.toBe(await hashPassword("Same1Password"));
});

test("hashes made with older parameters still verify and are flagged for rehashing", async () => {
  const current = await hashPassword("Correct1Horse");
  expect(needsRehash(current)).toBe(false);
  const older = current.replace("$16384$8$5$", "$16384$8$1$");
  expect(needsRehash(older)).toBe(true);
  expect(needsRehash("pbkdf2$whatever")).toBe(true);
});

test("malformed stored hashes never verify", async () => {
  expect(await verifyPassword("x", "")).toBe(false);
  expect(await verifyPassword("x", "scrypt$0$0$0$$")).toBe(false);
});

test("a password over 256 characters is never hashed: verifying says no, hashing refuses", async () => {
  const hash = await hashPassword("Correct1Horse");
  const huge = `Correct1Horse${"x".repeat(10_000_000)}`;
  const started = performance.now();
  expect(await verifyPassword(huge, hash)).toBe(false);
  expect(performance.now() - started).toBeLessThan(50);
  await expect(hashPassword("A1".repeat(129))).rejects.toThrow(RangeError);
  expect(await verifyPassword("A1".repeat(128), await hashPassword("A1".repeat(128)))).toBe(true);
});
