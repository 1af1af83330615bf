declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    JWT_SECRET: string;
    /** The fake mail API's "worker" channel and what the transport needs (vitest.workers.config.ts, decision 034). */
    MAIL_API_URL: string;
    MAIL_API_KEY: string;
    MAIL_FROM: string;
    APP_URL: string;
    MAIL_TIMEOUT_MS: string;
    /** Set on the libSQL run only (vitest.libsql.config.ts): the Worker then uses libSQL, not D1. */
    TURSO_DATABASE_URL?: string;
    /** The opt-in smoke test's real Turso database (tests/smoke/turso.test.ts); empty when not given. */
    TURSO_SMOKE_URL?: string;
    TURSO_SMOKE_TOKEN?: string;
  }
}
