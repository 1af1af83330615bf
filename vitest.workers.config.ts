import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { messageChunks } from "./scripts/vite-message-chunks.ts";

/**
 * The integration tests inside workerd through the real Worker. On D1 (this file's project), and
 * with `libsql: true` a second time on libSQL over HTTP (vitest.libsql.config.ts): the Worker's
 * TURSO_DATABASE_URL points at the libSQL test server of tests/fakes/hrana-server.ts, as it points
 * at Turso in production (decision 027).
 */
/**
 * What the libSQL run repeats: every file whose tests stand on the database's answers (each
 * feature's API, so its commands and queries; the access matrix; bad input changing nothing; the
 * money totals and limits; the list, search and date filters; the rate refresh). Pages, headers
 * and redirects answer the same whatever the driver, and would double the run for nothing
 * (decision 027 has the times). The smoke test against a real Turso database is opt-in.
 */
const LIBSQL_RUN = [
  "access-matrix",
  "bad-input",
  "api-auth",
  "api-budgets-goals",
  "api-categories",
  "api-rates",
  "api-reports",
  "api-tags",
  "api-transactions",
  "api-users",
  "register-login",
  "transactions-batch",
  "transactions-list",
  "search",
  "date-range",
  "d1-parameter-limit",
  "user-total-limit",
  "stored-conversions",
  "dashboard-money",
  "rates-refresh",
  // Issue 25: the verification and email-change links, used once by a compare-and-set.
  "email-verification",
].map((name) => `tests/integration/${name}.test.ts`);

export function workersProject({ libsql = false }: { libsql?: boolean } = {}) {
  return defineConfig({
    resolve: { tsconfigPaths: true },
    plugins: [
      reactRouter(),
      messageChunks(),
      cloudflareTest(async ({ inject }) => ({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.jsonc" },
        miniflare: {
          bindings: {
            JWT_SECRET: "test-secret-test-secret-test-secret-0123",
            TEST_MIGRATIONS: await readD1Migrations("./migrations"),
            // The fake provider of tests/setup/global-setup.ts, on its "worker" channel; never the internet.
            RATES_PROVIDER_URL: `${inject("ratesProviderUrl")}/worker/v6/latest/USD`,
            RATES_PROVIDER_TIMEOUT_MS: "1000",
            // The same fake's history endpoint, on its "worker-history" channel (decision 037); empty by default, so no past day has a rate.
            RATES_HISTORY_URL: `${inject("ratesProviderUrl")}/worker-history/v1`,
            RATES_HISTORY_TIMEOUT_MS: "1000",
            // The fake mail API of tests/fakes/mail-api.ts, on its "worker" channel (decision 034).
            MAIL_API_URL: `${inject("mailApiUrl")}/worker`,
            MAIL_API_KEY: "re_test_key",
            MAIL_FROM: "Tallyworth <noreply@tallyworth.test>",
            APP_URL: "https://tallyworth.test",
            // Above the time a cold run's first requests keep the Node side (module transforms, the fake) busy, so
            // registrations' verification mails (issue 25) do not time out; below the fake's slow mode (5 s).
            MAIL_TIMEOUT_MS: "4000",
            // The opt-in smoke test of tests/smoke/turso.test.ts reads a real Turso database's address here.
            ...(libsql
              ? { TURSO_DATABASE_URL: inject("libsqlUrl"), TURSO_SMOKE_URL: process.env.TURSO_SMOKE_URL ?? "", TURSO_SMOKE_TOKEN: process.env.TURSO_SMOKE_TOKEN ?? "" }
              : {}),
          },
        },
      })),
    ],
    test: {
      name: libsql ? "workers-libsql" : "workers",
      include: libsql ? [...LIBSQL_RUN, "tests/smoke/**/*.test.ts"] : ["tests/integration/**/*.test.ts"],
      globalSetup: ["tests/setup/global-setup.ts", ...(libsql ? ["tests/setup/hrana-global-setup.ts"] : [])],
      setupFiles: [libsql ? "tests/setup/libsql-migrations.ts" : "tests/setup/apply-migrations.ts", "tests/setup/console-errors.ts"],
      // One workerd for every file, one after another: a workerd per file (the default) loaded the
      // whole Worker again for each of them, most of this project's time. Each file still starts
      // from a freshly migrated database (tests/setup/apply-migrations.ts).
      isolate: false,
      maxWorkers: 1,
      // On libSQL every query is an HTTP round trip to the test server, and the first request also
      // builds the Worker: a shared 2-core machine took 25 s for it.
      testTimeout: libsql ? 60_000 : 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default workersProject();
