import { and, eq } from "drizzle-orm";
import { sha256Hex } from "~/auth/tokens.server";
import type { Db } from "~/platform/db/client.server";
import { idempotencyKeys } from "~/platform/db/schema";
import { apiErrors } from "./envelope";

// POST /api/transactions with an Idempotency-Key header: the same key and body answer the
// first response again (one transaction however often a client retries); the same key with
// another body is a client bug and answers 409. The stored response is written in the same
// batch as the transaction, so neither exists without the other.

export const IDEMPOTENCY_KEY_MAX = 200;

/** The header's key, undefined when absent; a 400 when it is empty or too long. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const raw = request.headers.get("Idempotency-Key");
  if (raw === null) return undefined;
  const key = raw.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX) throw apiErrors.validation("api.idempotencyKeyInvalid");
  return key;
}

export async function requestHash(body: unknown): Promise<string> {
  return sha256Hex(JSON.stringify(body));
}

/** The answer stored for this key, with the hash of the body that made it; undefined when there is none. */
export async function storedAnswer(
  db: Db,
  userId: string,
  key: string,
): Promise<{ requestHash: string; status: number; body: string } | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.responseStatus, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** A stored answer as the response that replays it (the API route builds it; the command returns data). */
export function replayedResponse({ status, body }: { status: number; body: string }): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "Idempotent-Replayed": "true" },
  });
}

export function rememberQuery(db: Db, userId: string, key: string, hash: string, status: number, body: string) {
  return db.insert(idempotencyKeys).values({ userId, key, requestHash: hash, responseStatus: status, responseBody: body });
}
