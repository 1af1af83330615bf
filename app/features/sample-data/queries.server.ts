import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { sampleRecords } from "~/platform/db/schema";
import type { SampleKind } from "./model";

// What "Explore with sample data" created for a user (issue 27, decision 040): sample_records.

/** Whether the user is exploring sample data (a set was added and not removed). */
export async function hasSampleData(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ kind: sampleRecords.kind }).from(sampleRecords).where(eq(sampleRecords.userId, userId)).limit(1);
  return rows.length > 0;
}

/** The user's sample records by kind: exactly what "Remove sample data" takes away. */
export async function sampleRecordIds(db: Db, userId: string): Promise<Map<SampleKind, string[]>> {
  const rows = await db.select({ kind: sampleRecords.kind, recordId: sampleRecords.recordId }).from(sampleRecords).where(eq(sampleRecords.userId, userId));
  const byKind = new Map<SampleKind, string[]>();
  for (const row of rows) {
    const kind = row.kind as SampleKind;
    byKind.set(kind, [...(byKind.get(kind) ?? []), row.recordId]);
  }
  return byKind;
}
