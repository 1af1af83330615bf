import { hmac } from "@oslojs/crypto/hmac";
import { sha256, SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

// The app's two primitives over secrets, each written once: SHA-256 for what is stored in place of
// a secret (session, device and refresh tokens, an idempotent request's body) and HMAC-SHA256 for
// what is signed (access tokens, device entries).

const encoder = new TextEncoder();

/** hex(SHA-256(text)), lower case. */
export function sha256Hex(text: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(text)));
}

/** HMAC-SHA256 of the message under the secret (its UTF-8 bytes). */
export function hmacSha256(secret: string, message: Uint8Array): Uint8Array {
  return hmac(SHA256, encoder.encode(secret), message);
}

/** Whether the signature is the message's HMAC-SHA256 under the secret, compared in constant time. */
export function isHmacSha256(secret: string, message: Uint8Array, signature: Uint8Array): boolean {
  const expected = hmacSha256(secret, message);
  return signature.length === expected.length && constantTimeEqual(signature, expected);
}

/** 20 random bytes in base32: the secret handed to the client (cookie or refresh token). */
export function generateSecretToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What the database stores instead of the secret: hex(SHA-256(token)). */
export function hashToken(token: string): string {
  return sha256Hex(token);
}
