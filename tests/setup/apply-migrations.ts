import { applyD1Migrations, env } from "cloudflare:test";

declare module "cloudflare:test" {
  interface ProvidedEnv {
    TEST_MIGRATIONS: D1Migration[];
  }
}

// Runs before each test file; applying is idempotent, and storage is isolated per file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
