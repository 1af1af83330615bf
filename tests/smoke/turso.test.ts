import { createClient } from "@libsql/client/web";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, test } from "vitest";
import worker from "../../workers/app";

// Before a first deployment on Turso: the whole Worker against a real Turso database, opt-in.
//   TURSO_SMOKE_URL=libsql://<db>-<org>.turso.io TURSO_SMOKE_TOKEN=<token> npm run test:turso-smoke
// It migrates an empty database (one that has the app's tables is used as it is), registers a
// user, creates a transaction with two payments, reads the reports, and deletes that user with
// everything of theirs. Without the variables it is skipped, and says so.

const url = env.TURSO_SMOKE_URL;
const authToken = env.TURSO_SMOKE_TOKEN;
const ready = Boolean(url && authToken);
const SKIPPED = "Turso smoke test skipped: set TURSO_SMOKE_URL and TURSO_SMOKE_TOKEN to run it against a real Turso database";
// The skipped test's title says it too, but Vitest's default reporter names only the file.
if (!ready) console.info(SKIPPED);

test.skipIf(!ready)(
  ready ? "Turso smoke: migrate, register, a transaction with two payments, the reports, the user's data deleted" : SKIPPED,
  { timeout: 120_000 },
  async () => {
    const client = createClient({ url: url!, authToken });
    const { rows } = await client.execute("select name from sqlite_master where type = 'table' and name = 'users'");
    if (rows.length === 0) for (const migration of env.TEST_MIGRATIONS) await client.migrate(migration.queries);

    const smokeEnv = { ...env, TURSO_DATABASE_URL: url, TURSO_AUTH_TOKEN: authToken };
    const call = async (path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
      const headers = new Headers({ "CF-Connecting-IP": "203.0.113.77" });
      if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
      if (init.json !== undefined) headers.set("Content-Type", "application/json");
      const request = new Request(`https://smoke.example${path}`, { method: init.method ?? (init.json === undefined ? "GET" : "POST"), headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
      const ctx = createExecutionContext();
      const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, smokeEnv, ctx);
      await waitOnExecutionContext(ctx);
      return { status: response.status, body: (await response.json()) as { data?: any } };
    };

    const email = `smoke-${crypto.randomUUID()}@example.com`;
    const registered = await call("/api/auth/register", { json: { firstName: "Smoke", lastName: "Test", email, password: "Sm0keTest-Turso" } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const { accessToken: token, user } = registered.body.data as { accessToken: string; user: { id: string } };
    try {
      const created = await call("/api/transactions", {
        token,
        json: {
          description: "Smoke dinner",
          date: "2026-11-10",
          type: "EXPENSE",
          categoryId: "default-food",
          payments: [
            { currencyCode: "USD", amount: 20, paymentMethod: "Cash", exchangeRate: 1 },
            { currencyCode: "EUR", amount: 8.61, paymentMethod: "Credit Card", exchangeRate: 0.8612 },
          ],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.transaction.payments.map((p: { usdCents: number }) => p.usdCents)).toEqual([2000, 1000]);
      const summary = await call("/api/reports/summary?startDate=2026-11-01&endDate=2026-11-30", { token });
      expect(summary.status).toBe(200);
      expect(summary.body.data.totals).toMatchObject({ expenseCents: 3000, transactionCount: 1, currencyCount: 2 });
    } finally {
      // Every table that holds a user's data refers to users with ON DELETE CASCADE.
      await client.execute({ sql: "delete from users where id = ?", args: [user.id] });
      const left = await client.execute({ sql: "select count(*) as n from transactions where user_id = ?", args: [user.id] });
      expect(left.rows[0]!.n).toBe(0);
      client.close();
    }
  },
);
