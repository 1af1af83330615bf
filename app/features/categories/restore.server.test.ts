import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, categories, users } from "~/platform/db/schema";
import { createCategory, deleteCategory, restoreCategory } from "./commands.server";

// Undo of a category's delete (issue 27, decision 035), on real libSQL.

let db: Db;
const alice = { userId: "user-alice", ip: null };
const bob = { userId: "user-bob", ip: null };

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const { userId } of [alice, bob]) {
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: userId, lastName: "Test", passwordHash: "x" });
  }
});

const rowOf = (id: string) => db.select().from(categories).where(eq(categories.id, id));

test("undo puts the category back exactly, once", async () => {
  const created = await createCategory(db, alice, { name: "Pets", type: "expense", color: "#10B981", icon: "Gift" });
  if (created.kind !== "ok") throw new Error(created.kind);
  const { id } = created.category;
  const before = await rowOf(id);
  expect(await deleteCategory(db, alice, { id })).toMatchObject({ kind: "ok" });
  expect(await rowOf(id)).toEqual([]);
  expect(await restoreCategory(db, bob, { id })).toEqual({ kind: "notFound" });
  expect(await restoreCategory(db, alice, { id })).toMatchObject({ kind: "ok", category: { id, name: "Pets" } });
  expect(await rowOf(id)).toEqual(before);
  expect(await restoreCategory(db, alice, { id })).toEqual({ kind: "notFound" });
});

test("undo is refused, changing nothing, when a category of the same name and type exists again", async () => {
  const created = await createCategory(db, alice, { name: "Hobbies", type: "expense", color: "#10B981", icon: "Gift" });
  if (created.kind !== "ok") throw new Error(created.kind);
  const { id } = created.category;
  await deleteCategory(db, alice, { id });
  await createCategory(db, alice, { name: "hobbies", type: "expense", color: "#3B82F6", icon: "Gift" });
  expect(await restoreCategory(db, alice, { id })).toEqual({ kind: "nameTaken" });
  expect(await rowOf(id)).toEqual([]);
});

test("the activity log records a category's delete and its Undo, each once, for its owner only", async () => {
  const created = await createCategory(db, alice, { name: "Logged", type: "expense", color: "#10B981", icon: "Gift" });
  if (created.kind !== "ok") throw new Error(created.kind);
  const { id } = created.category;
  const entries = async (userId: string) =>
    (await db.select().from(activityLog).where(eq(activityLog.userId, userId))).filter((e) => e.details?.name === "Logged").map((e) => e.action);
  expect(await deleteCategory(db, bob, { id })).toMatchObject({ kind: "notFound" });
  await deleteCategory(db, alice, { id });
  await deleteCategory(db, alice, { id });
  await restoreCategory(db, alice, { id });
  await restoreCategory(db, alice, { id });
  expect(await entries(alice.userId)).toEqual(["category_delete", "category_restore"]);
  expect(await entries(bob.userId)).toEqual([]);
});
