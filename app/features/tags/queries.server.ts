import { asc, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { tags } from "~/platform/db/schema";

// What the transaction list's filter panel and rows need besides the page itself
// (db/transactions.server.ts listTransactions): the user's tags by name, without usage counts.

export type TagChoice = { id: string; name: string; color: string };

export function listTagChoices(db: Db, userId: string): Promise<TagChoice[]> {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(tags)
    .where(eq(tags.userId, userId))
    .orderBy(asc(tags.nameKey));
}
