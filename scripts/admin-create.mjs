// npm run admin:create: make a superadmin on a real deployment.
//   npm run admin:create                      → the local embedded database
//   npm run admin:create -- --remote          → the D1 database in Cloudflare
//   TURSO_DATABASE_URL=… npm run admin:create → Turso/libSQL
// Values come from --email, --first-name, --last-name, --password or are asked for.
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../app/auth/password.server.ts";
import { userSearchText } from "../app/text/search-text.ts";
import { bin, persistArgs, run } from "./lib.mjs";
import { sqlValue } from "./sql-rows.mjs";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
    password: { type: "string" },
    remote: { type: "boolean", default: false },
  },
});

const rl = createInterface({ input: process.stdin, output: process.stdout });
const ask = async (flag, question) => values[flag] ?? (await rl.question(question)).trim();
const email = (await ask("email", "Email: ")).toLowerCase();
const firstName = await ask("first-name", "First name: ");
const lastName = await ask("last-name", "Last name: ");
const password = await ask("password", "Password (8+ characters, an uppercase letter and a number): ");
rl.close();

const problems = [];
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push("Email is invalid");
if (!firstName) problems.push("First name is required");
if (!lastName) problems.push("Last name is required");
if (password.length < 8 || !/[A-Z]/.test(password) || !/\d/.test(password)) {
  problems.push("Password must have at least 8 characters, one uppercase letter and one number");
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}

const hash = await hashPassword(password);
const now = Date.now();
const id = crypto.randomUUID();
// An existing account with this email is promoted (and its password reset) rather than duplicated:
// an upsert, which the scripts' row builder (sql-rows.mjs) does not write, so its SQL is here.
const sql = `INSERT INTO users (id, email, first_name, last_name, search_text, password_hash, role, is_active, created_at, updated_at)
VALUES (?1, ?2, ?3, ?4, ?7, ?5, 'superadmin', 1, ?6, ?6)
ON CONFLICT(email) DO UPDATE SET role = 'superadmin', is_active = 1, first_name = ?3, last_name = ?4, search_text = ?7, password_hash = ?5, updated_at = ?6;`;
const args = [id, email, firstName, lastName, hash, now, userSearchText({ firstName, lastName, email })];

if (process.env.TURSO_DATABASE_URL) {
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: process.env.TURSO_DATABASE_URL, authToken: process.env.TURSO_AUTH_TOKEN });
  await client.execute({ sql, args });
} else {
  const inlined = sql.replace(/\?(\d)/g, (_, n) => sqlValue(args[Number(n) - 1]));
  const file = join(mkdtempSync(join(tmpdir(), "admin-")), "admin.sql");
  writeFileSync(file, inlined);
  run(bin("wrangler"), ["d1", "execute", "DB", values.remote ? "--remote" : "--local", ...(values.remote ? [] : persistArgs()), `--file=${file}`], {
    quiet: true,
  });
}
console.log(`Superadmin ready: ${email}`);
