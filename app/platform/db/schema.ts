import { sql } from "drizzle-orm";
// Relative, not "~/": drizzle-kit loads this file without the app's path aliases (npm run db:generate).
import { MAX_USER_TOTAL_MINOR } from "../../money/amounts";
import {
  blob,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";

// Timestamps are integer milliseconds since the epoch; calendar dates are ISO
// `yyyy-MM-dd` text so that string order is date order and SQL can group by them.
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const users = sqliteTable(
  "users",
  {
    id: id(),
    // Stored lower-cased: emails compare case-insensitively.
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull().default("user"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    // An IANA time zone name (issue 24): the user's "today" (due dates of schedules, the dashboard's
    // current month, a new transaction's date) is the local date there.
    timeZone: text("time_zone").notNull().default("UTC"),
    // The language mail is written in (issue 25): set at registration and when a signed-in user switches.
    language: text("language").notNull().default("en"),
    // When the user confirmed the address by its mailed link; null until then (nothing is locked meanwhile).
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    // When the user dismissed the dashboard's first-run checklist (issue 27); it does not return.
    onboardingDismissedAt: integer("onboarding_dismissed_at", { mode: "timestamp_ms" }),
    // userSearchText (domain/search-text.ts) of the names and email, rewritten with them: the admin search looks in it.
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_created_at_idx").on(t.createdAt)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // hex(SHA-256(token)); the raw token lives only in the cookie.
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    absoluteExpiresAt: integer("absolute_expires_at", { mode: "timestamp_ms" }).notNull(),
    persistent: integer("persistent", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * A browser trusted with an account's sign-in (app/auth/device-cookie.server.ts, decision 002). The
 * cookie's entry carries the nonce; only while this row exists and is unexpired does the entry vouch
 * for the browser. Replacing the browser's entry, a password change, an email change or a
 * deactivation deletes rows.
 */
export const deviceEntries = sqliteTable(
  "device_entries",
  {
    // hex(SHA-256(nonce)); the nonce lives only in the cookie.
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("device_entries_user_idx").on(t.userId)],
);

/** One login through the API; its refresh tokens rotate inside it. The access token's `sid` is the family id. */
export const apiTokenFamilies = sqliteTable(
  "api_token_families",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    absoluteExpiresAt: integer("absolute_expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    revokedReason: text("revoked_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("api_token_families_user_idx").on(t.userId)],
);

export const apiRefreshTokens = sqliteTable(
  "api_refresh_tokens",
  {
    // hex(SHA-256(token))
    id: text("id").primaryKey(),
    familyId: text("family_id")
      .notNull()
      .references(() => apiTokenFamilies.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    // Set when the token was exchanged; presenting it again is reuse.
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("api_refresh_tokens_family_idx").on(t.familyId)],
);

export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    // NULL for the shared, read-only default categories.
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    type: text("type", { enum: ["expense", "income"] }).notNull(),
    color: text("color").notNull().default("#3B82F6"),
    icon: text("icon").notNull().default("ShoppingCart"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_user_type_name_unique").on(t.userId, t.type, t.nameKey),
    index("categories_default_idx").on(t.isDefault),
  ],
);

export const currencies = sqliteTable("currencies", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  symbol: text("symbol").notNull(),
  decimalPlaces: integer("decimal_places").notNull().default(2),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
});

export const exchangeRates = sqliteTable(
  "exchange_rates",
  {
    id: id(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    date: text("date").notNull(),
    // Units of the currency per 1 USD, an exact decimal string.
    rate: text("rate").notNull(),
    source: text("source").notNull(),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("exchange_rates_currency_date_source_unique").on(t.currencyCode, t.date, t.source)],
);

/** One row per run of the scheduled rate refresh, so the admin can see the last success and failure. */
export const rateRefreshRuns = sqliteTable(
  "rate_refresh_runs",
  {
    id: id(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    message: text("message"),
    ratesWritten: integer("rates_written").notNull().default(0),
    ranAt: integer("ran_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("rate_refresh_runs_ran_at_idx").on(t.ranAt)],
);

export const transactions = sqliteTable(
  "transactions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["INCOME", "EXPENSE"] }).notNull(),
    description: text("description").notNull(),
    // transactionSearchText (domain/search-text.ts) of the description, rewritten with it: the list's search looks in it.
    searchText: text("search_text").notNull().default(""),
    date: text("date").notNull(),
    categoryId: text("category_id").references(() => categories.id),
    // Sum of the payments' usd_cents, kept here so list totals and sorts need no join.
    usdCents: integer("usd_cents").notNull(),
    // The schedule that posted it and the due date it posted (issue 24); NULL for others. Deleting
    // the schedule keeps the transaction, as an ordinary one.
    recurringId: text("recurring_id").references((): AnySQLiteColumn => recurringTransactions.id, { onDelete: "set null" }),
    occurrenceDate: text("occurrence_date"),
    // The import that created it (issue 26); NULL for others. "Undo this import" deletes exactly
    // the transactions carrying its id. No foreign key: an import's record outlives nothing it
    // created, and the column is cleared by nothing but that undo.
    importId: text("import_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The two (user, date) indexes also carry type and usd_cents, so the totals over a user's rows
    // (the list's income/expense/net, the dashboard's months) are read from the index alone:
    // 52 ms → 9 ms over 50,000 transactions, 3.5 ms → 0.4 ms for two months. The first also
    // carries the id, so a month's payments are joined without reading its transactions' rows; the
    // second the category, so the month's spending per category (reports, budgets) is read from it
    // alone (migration 0012: a month's pages at 200,000 transactions 2-5x faster, docs/benchmarks.md).
    index("transactions_user_date_totals_idx").on(t.userId, t.date, t.type, t.usdCents, t.id),
    index("transactions_user_usd_idx").on(t.userId, t.usdCents),
    index("transactions_user_type_date_totals_idx").on(t.userId, t.type, t.date, t.usdCents, t.categoryId),
    // Category first: deleting a category makes SQLite look for transactions still in it (the
    // foreign key), by category_id alone; with the user first that was a scan of every user's
    // transactions (migration 0013). Lookups by (user, category) use it as well.
    index("transactions_category_user_idx").on(t.categoryId, t.userId),
    // A schedule's posted transactions: what deleting the schedule detaches (and its foreign key's
    // ON DELETE SET NULL looks up). Partial, so the many transactions no schedule posted cost nothing.
    index("transactions_recurring_idx").on(t.recurringId).where(sql`${t.recurringId} is not null`),
    // An import's transactions: what its undo deletes. Partial, as the schedule's.
    index("transactions_import_idx").on(t.userId, t.importId).where(sql`${t.importId} is not null`),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    // Integer minor units of the currency; always positive, the transaction type gives the sign.
    amountMinor: integer("amount_minor").notNull(),
    method: text("method").notNull().default("cash"),
    rate: text("rate").notNull(),
    rateDate: text("rate_date").notNull(),
    rateSource: text("rate_source").notNull(),
    usdCents: integer("usd_cents").notNull(),
  },
  (t) => [
    // Also the owner, currency and amounts: a month's currency breakdown (dashboard, reports,
    // the 30-day summary) reads its payments from the index alone (migration 0012).
    index("payments_transaction_idx").on(t.transactionId, t.position, t.userId, t.currencyCode, t.amountMinor, t.usdCents),
    index("payments_user_currency_idx").on(t.userId, t.currencyCode),
  ],
);

// Running totals of each user's payments, kept by triggers on `payments` (migration 0004) and
// capped by the CHECKs: a write that would take a user past MAX_USER_TOTAL_MINOR fails, with the
// whole batch it is in (decision 011). Not written by the app.
const userTotalLimit = sql.raw(String(MAX_USER_TOTAL_MINOR));

/** Per user: the sum of the USD cents of all their payments. */
export const paymentTotals = sqliteTable(
  "payment_totals",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    usdCents: integer("usd_cents").notNull().default(0),
  },
  (t) => [check("payment_totals_usd_limit", sql`${t.usdCents} <= ${userTotalLimit}`)],
);

/** Per user and currency: the sum of the amounts (minor units) of their payments in it. */
export const paymentCurrencyTotals = sqliteTable(
  "payment_currency_totals",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    currencyCode: text("currency_code").notNull(),
    amountMinor: integer("amount_minor").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currencyCode] }),
    check("payment_currency_totals_amount_limit", sql`${t.amountMinor} <= ${userTotalLimit}`),
  ],
);

/**
 * Per user: how many transactions of each type they have and their USD totals, kept by triggers
 * on `transactions` (migration 0014), so the list's count and totals over all of a user's rows
 * (/expenses, GET /api/transactions, unfiltered or one type) are one keyed read instead of a walk
 * of every row (23 ms at 200,000 transactions, and as many rows read, which D1 bills). Not written
 * by the app. Bounded by the payments' limit (decision 011): each sum is at most the user's USD total.
 */
export const transactionTotals = sqliteTable("transaction_totals", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  incomeCount: integer("income_count").notNull().default(0),
  expenseCount: integer("expense_count").notNull().default(0),
  incomeUsdCents: integer("income_usd_cents").notNull().default(0),
  expenseUsdCents: integer("expense_usd_cents").notNull().default(0),
});

export const tags = sqliteTable(
  "tags",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // lower(trim(name)): the unique index makes names unique per user case-insensitively, even under races.
    nameKey: text("name_key").notNull(),
    color: text("color").notNull().default("#3B82F6"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tags_user_name_unique").on(t.userId, t.nameKey)],
);

export const transactionTags = sqliteTable(
  "transaction_tags",
  {
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.tagId] }), index("transaction_tags_tag_idx").on(t.tagId)],
);

export const budgets = sqliteTable(
  "budgets",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references((): AnySQLiteColumn => categories.id),
    amountUsdCents: integer("amount_usd_cents").notNull(),
    // First day of the month, yyyy-MM-01.
    month: text("month").notNull(),
    alertThreshold: integer("alert_threshold").notNull().default(80),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("budgets_user_category_month_unique").on(t.userId, t.categoryId, t.month),
    // The foreign key's lookup when a category is deleted (migration 0013), as for transactions.
    index("budgets_category_idx").on(t.categoryId),
  ],
);

/**
 * A savings goal, in its own currency's minor units. `saved_minor` is always the sum of the
 * goal's entries: every write that adds an entry recomputes it in the same batch
 * (goals/commands.server.ts), and the CHECK keeps it from going below zero.
 */
export const savingsGoals = sqliteTable(
  "savings_goals",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .default("USD")
      .references(() => currencies.code),
    targetMinor: integer("target_minor").notNull(),
    savedMinor: integer("saved_minor").notNull().default(0),
    // yyyy-MM-dd, or NULL when the goal has no date.
    targetDate: text("target_date"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("savings_goals_user_idx").on(t.userId, t.createdAt),
    check("savings_goals_target_positive", sql`${t.targetMinor} > 0`),
    check("savings_goals_saved_not_negative", sql`${t.savedMinor} >= 0`),
  ],
);

/** A goal's history: each deposit (positive) or withdrawal (negative), in the goal's minor units. */
export const goalEntries = sqliteTable(
  "goal_entries",
  {
    id: id(),
    goalId: text("goal_id")
      .notNull()
      .references(() => savingsGoals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // yyyy-MM-dd, the day the money was put aside or taken out.
    date: text("date").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("goal_entries_goal_idx").on(t.goalId, t.date),
    // The cascade's lookup when an account is deleted (migration 0013): without it, every user's entries.
    index("goal_entries_user_idx").on(t.userId),
    check("goal_entries_amount_not_zero", sql`${t.amountMinor} <> 0`),
  ],
);

export const activityLog = sqliteTable(
  "activity_log",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    // English, as written before decision 025: what the API's `description` answers.
    description: text("description").notNull(),
    // The entry's values as a JSON object (decision 025): the page renders the action's sentence
    // from them in the reader's language. NULL for an old row whose description could not be read back.
    details: text("details", { mode: "json" }).$type<Record<string, string | number>>(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("activity_log_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * Links mailed to a user (issue 25): a password reset, an address verification, an email change. Only
 * a hash is stored; the raw token lives only in the mail. A newer token of the same purpose makes
 * the older ones invalid; a used one stays (with usedAt) so a second use is told apart from an unknown one.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    // hex(SHA-256(token)).
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // "password_reset" | "email_verification" | "email_change"
    purpose: text("purpose").notNull(),
    // The address the link was sent to: for an email change, the new address it will become.
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

/**
 * What a delete took away (issue 27's Undo and POST /api/{collection}/{id}/restore): the record and
 * everything the delete removed or changed with it, as JSON, so a restore puts back exactly that.
 */
export const deletedRecords = sqliteTable(
  "deleted_records",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // "transaction" | "budget" | "goal" | "category" | "tag"
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    snapshot: text("snapshot").notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    restoredAt: integer("restored_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("deleted_records_user_record_idx").on(t.userId, t.kind, t.recordId),
    index("deleted_records_deleted_at_idx").on(t.deletedAt),
  ],
);

/** Token buckets for throttling; tokens are thousandths so the refill stays integer. */
export const throttleBuckets = sqliteTable("throttle_buckets", {
  key: text("key").primaryKey(),
  milliTokens: integer("milli_tokens").notNull(),
  // Whether the last take got a token; set by the same upsert that computes the balance.
  granted: integer("granted", { mode: "boolean" }).notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** Replays of POST /api/transactions with the same Idempotency-Key. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: text("response_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * A schedule (issue 24): what a transaction holds (its payments and tags are in the two tables
 * below) and when it repeats. `next_date` is the first due date not yet posted or skipped, or NULL
 * once the schedule has ended; every write that posts, skips or edits keeps it, so the job finds
 * what is due through the index alone.
 */
export const recurringTransactions = sqliteTable(
  "recurring_transactions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["INCOME", "EXPENSE"] }).notNull(),
    description: text("description").notNull(),
    categoryId: text("category_id").references(() => categories.id),
    frequency: text("frequency", { enum: ["daily", "weekly", "monthly", "yearly"] }).notNull(),
    // Every `interval` days, weeks, months or years.
    interval: integer("interval").notNull().default(1),
    // yyyy-MM-dd. Monthly and yearly schedules repeat the start date's day (clamped to a shorter month's last day).
    startDate: text("start_date").notNull(),
    // yyyy-MM-dd, inclusive; or NULL. At most one of end_date and occurrence_limit is set.
    endDate: text("end_date"),
    occurrenceLimit: integer("occurrence_limit"),
    nextDate: text("next_date"),
    // When the user paused it; NULL while it runs. A paused schedule posts nothing.
    pausedAt: integer("paused_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("recurring_transactions_user_next_idx").on(t.userId, t.nextDate),
    index("recurring_transactions_next_idx").on(t.nextDate),
    // The foreign key's lookup when a category is deleted (migration 0013), as for transactions.
    index("recurring_transactions_category_idx").on(t.categoryId),
    check("recurring_transactions_interval_range", sql`${t.interval} between 1 and 365`),
    check("recurring_transactions_limit_positive", sql`${t.occurrenceLimit} is null or ${t.occurrenceLimit} > 0`),
  ],
);

/** A schedule's payments, as a transaction's: integer minor units of their currency, always positive. */
export const recurringPayments = sqliteTable(
  "recurring_payments",
  {
    recurringId: text("recurring_id")
      .notNull()
      .references(() => recurringTransactions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    amountMinor: integer("amount_minor").notNull(),
    method: text("method").notNull().default("cash"),
  },
  (t) => [primaryKey({ columns: [t.recurringId, t.position] }), check("recurring_payments_amount_positive", sql`${t.amountMinor} > 0`)],
);

export const recurringTags = sqliteTable(
  "recurring_tags",
  {
    recurringId: text("recurring_id")
      .notNull()
      .references(() => recurringTransactions.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.recurringId, t.tagId] }), index("recurring_tags_tag_idx").on(t.tagId)],
);

/**
 * The key of an occurrence: (schedule, due date), consumed once. Whatever posts an occurrence (the
 * hourly job, a catch-up, "post now") inserts this row in the same batch as the transaction, so a
 * second writer's batch fails on the primary key and posts nothing; a skip inserts it with no
 * transaction. Deleting the posted transaction leaves the key (transaction_id becomes NULL), so the
 * occurrence never comes back.
 */
export const recurringOccurrences = sqliteTable(
  "recurring_occurrences",
  {
    recurringId: text("recurring_id")
      .notNull()
      .references(() => recurringTransactions.id, { onDelete: "cascade" }),
    dueDate: text("due_date").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // "held": the door refused this occurrence for a reason other than a missing rate (decision 033);
    // the job leaves the schedule alone until it changes, is skipped, or the user posts it. Not consumed.
    status: text("status", { enum: ["posted", "skipped", "held"] }).notNull(),
    transactionId: text("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.recurringId, t.dueDate] }),
    index("recurring_occurrences_transaction_idx").on(t.transactionId),
    // The cascade's lookup when an account is deleted (migration 0013).
    index("recurring_occurrences_user_idx").on(t.userId),
  ],
);

/**
 * An import (issue 26): a file a user uploaded, read and classified into staged rows
 * (import_rows), then committed through the transactions' batch door, and perhaps undone.
 * Staged imports expire 24 h after their upload (expires_at); committed ones stay as the
 * record of what was imported, and can be undone within 7 days of their commit.
 */
export const imports = sqliteTable(
  "imports",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // "staged" (uploaded, being mapped and previewed) | "committed" | "undone"
    status: text("status", { enum: ["staged", "committed", "undone"] }).notNull().default("staged"),
    fileName: text("file_name").notNull(),
    byteSize: integer("byte_size").notNull(),
    // What the reader detected or the user chose: an IMPORT_ENCODINGS and an IMPORT_DELIMITERS value.
    encoding: text("encoding").notNull(),
    delimiter: text("delimiter").notNull(),
    // JSON array of the header's cells, and headerFingerprint(header): saved mappings are found by it.
    header: text("header").notNull(),
    headerFingerprint: text("header_fingerprint").notNull(),
    // The header is one our own export writes: no mapping needed.
    ownExport: integer("own_export", { mode: "boolean" }).notNull().default(false),
    // JSON ImportMapping (importMappingSchema), or NULL until the user maps (always NULL for our own export).
    mapping: text("mapping"),
    // The user ticked "apply the suggested rate to all such rows".
    applySuggestedRates: integer("apply_suggested_rates", { mode: "boolean" }).notNull().default(false),
    // Data rows in the file (not candidates: several rows of our export may make one transaction).
    rowCount: integer("row_count").notNull().default(0),
    // JSON of the commit's result: { imported, duplicates, refused }; NULL while staged.
    result: text("result"),
    // JSON array of the ids of categories and tags the commit created (what undo may remove when unused).
    createdRecords: text("created_records"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    committedAt: integer("committed_at", { mode: "timestamp_ms" }),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("imports_user_created_idx").on(t.userId, t.createdAt), index("imports_expires_idx").on(t.status, t.expiresAt)],
);

/**
 * The uploaded file's bytes, in pieces under D1's 2 MB value limit: a 5 MB file is read again
 * when the user changes the encoding, delimiter or mapping.
 */
export const importFileChunks = sqliteTable(
  "import_file_chunks",
  {
    importId: text("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: blob("data", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/**
 * The staged preview: one row per candidate transaction or refused record, keyed by the line it
 * starts on. What the preview shows is what the commit writes: both read these rows.
 */
export const importRows = sqliteTable(
  "import_rows",
  {
    importId: text("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    status: text("status", { enum: ["new", "duplicate", "error"] }).notNull(),
    // Whether the commit writes it: new rows start included, duplicates and errors excluded; the
    // user may include a duplicate or exclude any row (an error can never be included).
    included: integer("included", { mode: "boolean" }).notNull(),
    // JSON: the candidate (with its resolved rates), or the error, and any suggested rate.
    data: text("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] }), index("import_rows_status_idx").on(t.importId, t.status, t.line)],
);

/** A user's named column mapping, offered for the next file whose header has the same fingerprint. */
export const importMappings = sqliteTable(
  "import_mappings",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    headerFingerprint: text("header_fingerprint").notNull(),
    // JSON ImportMapping, with the reader options it was made with ({ mapping, encoding?, delimiter? }).
    mapping: text("mapping").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("import_mappings_user_fingerprint_unique").on(t.userId, t.headerFingerprint)],
);

/**
 * What "Explore with sample data" created (issue 27): kind ("transaction" | "budget" | "goal" |
 * "category" | "tag") and id, so "Remove sample data" takes exactly that away.
 */
export const sampleRecords = sqliteTable(
  "sample_records",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.recordId] })],
);

export type User = typeof users.$inferSelect;
export type AccountToken = typeof accountTokens.$inferSelect;
export type Session = typeof sessions.$inferSelect;
