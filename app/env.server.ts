import { z } from "zod";

const envSchema = z.object({
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters"),
  TURSO_DATABASE_URL: z.string().url().optional(),
  TURSO_AUTH_TOKEN: z.string().optional(),
  RATES_PROVIDER_URL: z.string().url(),
  /** How long the rate refresh waits for the provider; 10 s when unset. */
  RATES_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  /** The history provider for past days' rates (decision 037), Frankfurter-shaped; empty or unset: none is asked. */
  RATES_HISTORY_URL: z.union([z.literal(""), z.string().url()]).optional(),
  /** How long a form or API request waits for the history provider; 5 s when unset. */
  RATES_HISTORY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  /** A rate older than this many days on the transaction's date is called out; 7 when unset. */
  RATE_STALE_AFTER_DAYS: z.coerce.number().int().min(0).max(3650).optional(),
});

export type AppEnv = z.infer<typeof envSchema> & { DB: D1Database };

/** Parses the Worker's variables once per request, naming whatever is missing. */
export function parseEnv(env: Env): AppEnv {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return { ...result.data, DB: env.DB };
}

/**
 * The exchange-rate refresh's options as every caller reads them from the environment: the cron
 * job (runRatesRefresh) and the admin's "Refresh now" ask the same provider with the same timeout.
 */
export function ratesRefreshOptions(env: Pick<AppEnv, "RATES_PROVIDER_URL" | "RATES_PROVIDER_TIMEOUT_MS">): { url: string; timeoutMs?: number } {
  return env.RATES_PROVIDER_TIMEOUT_MS === undefined
    ? { url: env.RATES_PROVIDER_URL }
    : { url: env.RATES_PROVIDER_URL, timeoutMs: env.RATES_PROVIDER_TIMEOUT_MS };
}

/**
 * The history provider's options as every caller reads them (decision 037): the transaction
 * form, the API and the rate lookup ask the same provider with the same timeout. Null when
 * RATES_HISTORY_URL is unset or empty: no past day is asked for, the user types the rate.
 */
export function rateHistoryOptions(env: Pick<AppEnv, "RATES_HISTORY_URL" | "RATES_HISTORY_TIMEOUT_MS">): { url: string; timeoutMs?: number } | null {
  if (!env.RATES_HISTORY_URL) return null;
  return env.RATES_HISTORY_TIMEOUT_MS === undefined
    ? { url: env.RATES_HISTORY_URL }
    : { url: env.RATES_HISTORY_URL, timeoutMs: env.RATES_HISTORY_TIMEOUT_MS };
}
