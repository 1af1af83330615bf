import { count, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "./client.server";
import { PURGE_AFTER_MS, PURGE_CHUNK, purgeDeletedRecords, recordDeletionQuery, restorableDeletion, UNDO_WINDOW_MS } from "./deleted-records.server";
import { deletedRecords, users } from "./schema";
import { sql } from "drizzle-orm";

// The snapshots of deletes (issue 27, decision 035): found within the window only, purged past it.

let db: Db;
const userId = "user-alice";

beforeAll(async () => {
  db = await createLibsqlTestDb();
  await db.insert(users).values({ id: userId, email: "alice@example.com", firstName: "A", lastName: "T", passwordHash: "x" });
});

const snapshotAt = (recordId: string, deletedAt: Date) =>
  db.batch([recordDeletionQuery(db, { userId, kind: "tag", recordId, snapshot: { recordId }, deletedAt }, sql`1`)]);

test("a deletion can be undone until 24 hours have passed, not after", async () => {
  const now = new Date("2026-11-27T12:00:00Z");
  await snapshotAt("just-in", new Date(now.getTime() - UNDO_WINDOW_MS + 1000));
  await snapshotAt("just-out", new Date(now.getTime() - UNDO_WINDOW_MS - 1000));
  expect(await restorableDeletion(db, userId, "tag", "just-in", now)).toMatchObject({ snapshot: { recordId: "just-in" } });
  expect(await restorableDeletion(db, userId, "tag", "just-out", now)).toBeUndefined();
  expect(await restorableDeletion(db, "someone-else", "tag", "just-in", now)).toBeUndefined();
});

test("the purge takes only rows past the window and its margin, in chunks, and all of them", async () => {
  const now = new Date("2026-12-01T12:00:00Z");
  const old = new Date(now.getTime() - PURGE_AFTER_MS - 1000);
  const kept = new Date(now.getTime() - PURGE_AFTER_MS + 60_000);
  const many = PURGE_CHUNK + 7;
  for (let i = 0; i < many; i += 10) await db.batch(Array.from({ length: 10 }, (_, j) => recordDeletionQuery(db, { userId, kind: "goal", recordId: `old-${i + j}`, snapshot: {}, deletedAt: old }, sql`1`)) as never);
  await snapshotAt("kept", kept);
  const before = (await db.select({ n: count() }).from(deletedRecords))[0]!.n;
  const purged = await purgeDeletedRecords(db, { now });
  // The rows of the first test are older still, and go too.
  expect(purged).toBeGreaterThanOrEqual(many);
  expect((await db.select({ n: count() }).from(deletedRecords))[0]!.n).toBe(before - purged);
  expect(await db.select({ id: deletedRecords.id }).from(deletedRecords).where(eq(deletedRecords.recordId, "kept"))).toHaveLength(1);
  expect(await purgeDeletedRecords(db, { now })).toBe(0);
});
