import { env } from "cloudflare:test";

/**
 * Tables a refused request may legitimately write to, left out of the dump:
 * - throttle_buckets: every sign-in, registration, refresh and password attempt takes a token
 *   from its per-account and per-IP buckets whether or not it succeeds; that is the throttle
 *   working (ARCHITECTURE.md 5), not a change made on someone's behalf.
 * D1's own tables (`_cf_*`, `sqlite_*`) are not the app's and are not readable.
 */
const LEFT_OUT = new Set(["throttle_buckets"]);

/** Each table's rows, as JSON in a stable order. */
export type Dump = Record<string, string[]>;

export async function dumpDatabase(): Promise<Dump> {
  const { results: tables } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like '\\_cf\\_%' escape '\\' order by name",
  ).all<{ name: string }>();
  const names = tables.map((t) => t.name).filter((name) => !LEFT_OUT.has(name));
  const results = await env.DB.batch(names.map((name) => env.DB.prepare(`select * from "${name}"`)));
  return Object.fromEntries(names.map((name, i) => [name, results[i]!.results.map((row) => JSON.stringify(row)).sort()]));
}

/** What changed, per table: rows that appeared and rows that went. Tables without changes are absent. */
export type DumpDiff = Record<string, { added: Record<string, unknown>[]; removed: Record<string, unknown>[] }>;

export function diffDumps(before: Dump, after: Dump): DumpDiff {
  const diff: DumpDiff = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    const added = [...is].filter((row) => !was.has(row)).map((row) => JSON.parse(row) as Record<string, unknown>);
    const removed = [...was].filter((row) => !is.has(row)).map((row) => JSON.parse(row) as Record<string, unknown>);
    if (added.length || removed.length) diff[table] = { added, removed };
  }
  return diff;
}
