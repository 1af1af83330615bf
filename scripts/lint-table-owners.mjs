// Tables have owners (CONVENTIONS.md "Layout: a folder is a feature", decision 014).
//
// Every table in app/platform/db/schema.ts belongs to one folder: the feature that writes it, or
// auth/ (identity) or platform/db/ (the activity log, idempotency keys). A file under
// app/features/<x>/ may import from the schema, or name in raw SQL (`from`, `join`, `into`,
// `update` followed by the table's SQL name), only the tables its own feature owns; another's
// data is read through that feature's queries.server.ts and written through its
// commands.server.ts. Tests are exempt: they set up rows of every table.
//
// `joinedBy` lists the features that may name a table in a read of their own, with the reason:
// a join that shows a row's label (a transaction's category name), or a link table both sides
// keep. A joined table is read in the same statement as the feature's own rows and not written
// by the joiner (transaction_tags, the link table, says why tags deletes a tag's links). Anything
// else is a problem, printed with the owner's door to use.

/** Table export name (schema.ts) → owning folder under app/. */
export const tableOwners = {
  users: "features/accounts",
  sessions: "auth",
  deviceEntries: "auth",
  apiTokenFamilies: "auth",
  apiRefreshTokens: "auth",
  throttleBuckets: "auth",
  categories: "features/categories",
  currencies: "features/rates",
  exchangeRates: "features/rates",
  rateRefreshRuns: "features/rates",
  transactions: "features/transactions",
  payments: "features/transactions",
  paymentTotals: "features/transactions",
  transactionTotals: "features/transactions",
  paymentCurrencyTotals: "features/transactions",
  transactionTags: "features/transactions",
  tags: "features/tags",
  budgets: "features/budgets",
  savingsGoals: "features/goals",
  goalEntries: "features/goals",
  recurringTransactions: "features/recurring",
  recurringPayments: "features/recurring",
  recurringTags: "features/recurring",
  recurringOccurrences: "features/recurring",
  // Issue 26: staged and committed imports, their files, preview rows and saved mappings.
  imports: "features/import",
  importFileChunks: "features/import",
  importRows: "features/import",
  importMappings: "features/import",
  // Issue 27: what "Explore with sample data" created, so its removal takes exactly that away.
  sampleRecords: "features/sample-data",
  accountTokens: "features/accounts",
  // What a delete took away, for any feature's Undo (issue 27): written next to each delete, read by restore.
  deletedRecords: "platform/db",
  activityLog: "platform/db",
  idempotencyKeys: "platform/db",
};

/** Table → { feature: why it may read the table in a join of its own }. */
export const joinedBy = {
  categories: {
    transactions: "a transaction row and a category total show the category's name, color and icon, joined in the same query",
    budgets: "a budget row shows its category's name and is checked to be an expense category the user may budget",
  },
  transactions: {
    tags: "a tag's usage count and its latest transactions are counted over transaction_tags joined to the user's transactions",
  },
  transactionTags: {
    tags: "the link table of tags and transactions: a tag's usage is counted over it, and deleting a tag deletes its links (ON DELETE is not relied on)",
  },
  tags: {
    transactions: "a transaction row shows its tags' names, joined through transaction_tags in the list's own query",
  },
};

/** A table's SQL name: the schema's export name in snake_case (deviceEntries → device_entries). */
const sqlName = (table) => table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const tableBySqlName = new Map(Object.keys(tableOwners).map((table) => [sqlName(table), table]));
// A table named in raw SQL (a sql`…` template) as a statement reads or writes it.
const rawSql = new RegExp(`\\b(?:from|join|into|update)\\s+(${[...tableBySqlName.keys()].join("|")})\\b`, "gi");

const schemaImport = /^\s*import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']*platform\/db\/schema)["']/gm;

const doorOf = (owner) => (owner.startsWith("features/") ? `app/${owner}/queries.server.ts or commands.server.ts` : `app/${owner}/`);

/** The rule's name, as the lint reports it (scripts/lint.mjs, and its fixture in tests/lint-fixtures/). */
export const tableOwnersRule = "table-owners";

/**
 * The problems in one file's text, in the lint's shape ({ file, line, rule, message }). `file` is
 * the path relative to the linted root (app/features/<x>/…).
 */
export function tableOwnerProblems(file, text) {
  const feature = file.match(/^app\/features\/([^/]+)\//)?.[1];
  if (!feature || /\.(test|spec)\./.test(file)) return [];
  const problems = [];
  for (const match of text.matchAll(schemaImport)) {
    if (match[1]) continue; // import type { User }: a shape, not table access
    const line = text.slice(0, match.index).split("\n").length + (match[0].startsWith("\n") ? 1 : 0);
    for (const raw of match[2].split(",")) {
      const name = raw.trim();
      if (!name || name.startsWith("type ")) continue;
      const table = name.split(/\s+as\s+/)[0].trim();
      const owner = tableOwners[table];
      if (owner === undefined || owner === `features/${feature}`) continue;
      if (joinedBy[table]?.[feature]) continue;
      problems.push({ file, line, rule: tableOwnersRule, message: `imports the table ${table}, owned by app/${owner}; read and write it through ${doorOf(owner)}` });
    }
  }
  text.split("\n").forEach((content, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(content)) return; // a comment says "from transactions" in English
    for (const match of content.matchAll(rawSql)) {
      const table = tableBySqlName.get(match[1].toLowerCase());
      const owner = tableOwners[table];
      if (owner === `features/${feature}` || joinedBy[table]?.[feature]) continue;
      problems.push({ file, line: index + 1, rule: tableOwnersRule, message: `names the table ${match[1]} in SQL, owned by app/${owner}; read and write it through ${doorOf(owner)}` });
    }
  });
  return problems;
}
