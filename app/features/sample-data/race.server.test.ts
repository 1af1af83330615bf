import { eq } from "drizzle-orm";
import { beforeAll, expect, test, vi } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, budgets, savingsGoals, tags, transactions, users } from "~/platform/db/schema";
import { addSampleData } from "./commands.server";
import * as queries from "./queries.server";

// Two "Explore with sample data" requests at once (decision 040): both read "no sample yet" before
// either writes. The early check cannot stop the second; the set's marker row must, refusing its
// batch whole. The race is made exact here: the first two checks answer as they would in it.

vi.mock("./queries.server", async (importOriginal) => {
  const actual = await importOriginal<typeof queries>();
  return { ...actual, hasSampleData: vi.fn(actual.hasSampleData) };
});

let db: Db;
const alice = { userId: "user-alice", ip: null };

beforeAll(async () => {
  vi.useFakeTimers({ now: new Date("2026-11-20T12:00:00Z"), toFake: ["Date"] });
  db = await createLibsqlTestDb();
  await db.insert(users).values({ id: alice.userId, email: "alice@example.com", firstName: "Alice", lastName: "Test", passwordHash: "x" });
});

test("the second of two requests that both saw no sample writes nothing and answers alreadyAdded", async () => {
  vi.mocked(queries.hasSampleData).mockResolvedValueOnce(false).mockResolvedValueOnce(false);
  expect(await addSampleData(db, alice, { language: "en" })).toMatchObject({ kind: "added" });
  expect(await addSampleData(db, alice, { language: "en" })).toEqual({ kind: "alreadyAdded" });
  const count = async (table: typeof transactions | typeof budgets | typeof savingsGoals | typeof tags) =>
    (await db.select().from(table).where(eq(table.userId, alice.userId))).length;
  expect(await count(transactions)).toBe(25);
  expect(await count(budgets)).toBe(1);
  expect(await count(savingsGoals)).toBe(1);
  expect(await count(tags)).toBe(1);
  const entries = await db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.userId, alice.userId));
  expect(entries.filter((e) => e.action === "sample_add")).toHaveLength(1);
});
