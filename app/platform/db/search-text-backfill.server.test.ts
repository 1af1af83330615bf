import type { Client } from "@libsql/client";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import { foldForSearch, transactionSearchText, userSearchText } from "~/text/search-text";
import { transactions, users } from "./schema";

// Migration 0003 fills the new search copies of existing rows in SQL, which cannot normalise
// Unicode: a lower() and replace() chain stands in for foldForSearch. It must agree with it on
// every letter it claims to cover, or an old row would not be found by a search a new one is.

const backfill = readFileSync("migrations/0003_search_text.sql", "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.replace(/^--.*$/gm, "").trim())
  .filter((s) => s.startsWith("UPDATE"));

const covered = Array.from({ length: 0x17f - 0xc0 + 1 }, (_, i) => String.fromCodePoint(0xc0 + i));

test("the migration's SQL backfill folds every Latin-1 and Latin Extended-A letter as foldForSearch does", async () => {
  const db = await createLibsqlTestDb();
  const client = (db as unknown as { $client: Client }).$client;
  const owner = "backfill-user";
  await db.insert(users).values({ id: owner, email: "backfill@example.com", firstName: "Zoë", lastName: "ÑANDÚ Ærøskøbing", passwordHash: "x" });
  const descriptions = [...covered.map((ch) => `X${ch}Y`), "CAFÉ Ñandú", "Crème Brûlée", "Cafe\u0301 decomposed", "Łódź ŻÓŁW", "Plain ASCII 100%"];
  await db.insert(transactions).values(
    descriptions.map((description, i) => ({ id: `bf-${i}`, userId: owner, type: "EXPENSE" as const, description, date: "2026-10-01", categoryId: null, usdCents: 1 })),
  );
  expect(backfill.length).toBeGreaterThanOrEqual(2);
  for (const statement of backfill) await client.execute(statement);

  const rows = await db.select({ description: transactions.description, searchText: transactions.searchText }).from(transactions);
  const wrong = rows.filter((r) => r.searchText !== transactionSearchText(r.description));
  expect(wrong).toEqual([]);
  const [user] = await db.select().from(users);
  expect(user!.searchText).toBe(userSearchText(user!));
  expect(user!.searchText).toBe("zoe nandu ærøskøbing\nbackfill@example.com");
  expect(foldForSearch("CAFÉ Ñandú")).toBe("cafe nandu");
});
