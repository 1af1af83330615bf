import { expect, test } from "vitest";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { hashToken, hmacSha256, isHmacSha256, sha256Hex } from "./tokens.server";

const bytes = (text: string) => new TextEncoder().encode(text);

test("SHA-256 is written in lower-case hex, and a stored token is its SHA-256", async () => {
  expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  expect(hashToken("abc")).toBe(sha256Hex("abc"));
  // What WebCrypto gives (the idempotency keys stored before used it): the same hex.
  const web = encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes('{"a":"é"}'))));
  expect(sha256Hex('{"a":"é"}')).toBe(web);
});

test("HMAC-SHA256 gives RFC 4231's value and WebCrypto's, so device cookies signed before still verify", async () => {
  const mac = hmacSha256("Jefe", bytes("what do ya want for nothing?"));
  expect(encodeHexLowerCase(mac)).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  const key = await crypto.subtle.importKey("raw", bytes("s3cret"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const web = new Uint8Array(await crypto.subtle.sign("HMAC", key, bytes("device:v1:a@b.c:nonce")));
  expect(hmacSha256("s3cret", bytes("device:v1:a@b.c:nonce"))).toEqual(web);
});

test("a signature verifies only for its secret and message, whole", () => {
  const message = bytes("device:v1:a@b.c:nonce");
  const signature = hmacSha256("s3cret", message);
  expect(isHmacSha256("s3cret", message, signature)).toBe(true);
  expect(isHmacSha256("other", message, signature)).toBe(false);
  expect(isHmacSha256("s3cret", bytes("device:v1:x@b.c:nonce"), signature)).toBe(false);
  const flipped = signature.slice();
  flipped[0]! ^= 1;
  expect(isHmacSha256("s3cret", message, flipped)).toBe(false);
  expect(isHmacSha256("s3cret", message, signature.slice(0, 16))).toBe(false);
  expect(isHmacSha256("s3cret", message, new Uint8Array())).toBe(false);
});
