import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, tags, transactions, transactionTags, users } from "~/platform/db/schema";
import { createTag, deleteTag, restoreTag } from "./commands.server";

// Undo of a tag's delete (issue 27, decision 035), on real libSQL.

let db: Db;
const alice = { userId: "user-alice", ip: null };
const bob = { userId: "user-bob", ip: null };

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
  // 150 transactions: more links than one statement could bind.
  for (let i = 0; i < 150; i += 10) {
    await db.insert(transactions).values(
      Array.from({ length: 10 }, (_, j) => ({ id: `tx-${i + j}`, userId: alice.userId, type: "EXPENSE" as const, description: `t${i + j}`, date: "2026-11-01", usdCents: 100 })),
    );
  }
});

async function rowsOf(id: string) {
  return {
    tag: await db.select().from(tags).where(eq(tags.id, id)),
    links: await db.select().from(transactionTags).where(eq(transactionTags.tagId, id)).orderBy(transactionTags.transactionId),
  };
}

test("undo puts back the tag on every transaction that carried it, once", async () => {
  const created = await createTag(db, alice, { name: "Holiday", color: "#10B981", description: "Summer" });
  if (created.kind !== "ok") throw new Error(created.kind);
  const { id } = created.tag;
  for (let i = 0; i < 150; i += 10) {
    await db.insert(transactionTags).values(Array.from({ length: 10 }, (_, j) => ({ transactionId: `tx-${i + j}`, tagId: id })));
  }
  const before = await rowsOf(id);
  expect(before.links).toHaveLength(150);
  await deleteTag(db, alice, { id });
  expect(await rowsOf(id)).toEqual({ tag: [], links: [] });
  expect(await restoreTag(db, bob, { id })).toEqual({ kind: "notFound" });
  expect(await restoreTag(db, alice, { id })).toMatchObject({ kind: "ok", tag: { id, name: "Holiday" } });
  expect(await rowsOf(id)).toEqual(before);
  expect(await restoreTag(db, alice, { id })).toEqual({ kind: "notFound" });
});

test("undo is refused, changing nothing, when a tag of the same name exists again", async () => {
  const created = await createTag(db, alice, { name: "Gifts", color: "#3B82F6", description: undefined });
  if (created.kind !== "ok") throw new Error(created.kind);
  const { id } = created.tag;
  await db.insert(transactionTags).values({ transactionId: "tx-1", tagId: id });
  await deleteTag(db, alice, { id });
  await createTag(db, alice, { name: "GIFTS", color: "#3B82F6", description: undefined });
  expect(await restoreTag(db, alice, { id })).toEqual({ kind: "nameTaken" });
  expect(await rowsOf(id)).toEqual({ tag: [], links: [] });
});

test("the activity log records a tag's delete and its Undo, each once, for its owner only", async () => {
  const created = await createTag(db, alice, { name: "Logged", color: "#10B981", description: undefined });
  if (created.kind !== "ok") throw new Error(created.kind);
  const { id } = created.tag;
  const entries = async (userId: string) =>
    (await db.select().from(activityLog).where(eq(activityLog.userId, userId))).filter((e) => e.details?.name === "Logged").map((e) => e.action);
  expect(await deleteTag(db, bob, { id })).toEqual({ kind: "notFound" });
  await deleteTag(db, alice, { id });
  await deleteTag(db, alice, { id });
  await restoreTag(db, alice, { id });
  await restoreTag(db, alice, { id });
  expect(await entries(alice.userId)).toEqual(["tag_delete", "tag_restore"]);
  expect(await entries(bob.userId)).toEqual([]);
});
