// What the bench's runs share to reach a server they started (bench.mjs, bench-load.mjs): wait for
// it, sign in through the web form and the API, and find the D1 file its wrangler persists.
import { readdirSync } from "node:fs";
import { join } from "node:path";

export async function waitForServer(base) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/auth/login`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** The session cookie (name=value) of a web sign-in. */
export async function signIn(base, account) {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email: account.email, password: account.password }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/** A bearer token for the JSON API. */
export async function apiToken(base, account) {
  const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(account) });
  const token = (await res.json())?.data?.accessToken;
  if (!token) throw new Error(`API sign-in failed: ${res.status}`);
  return token;
}

/** The D1 database file under a wrangler persist directory. */
export function findSqlite(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".sqlite") && entry.name !== "metadata.sqlite") return join(entry.parentPath, entry.name);
  }
  throw new Error(`no D1 database under ${dir}`);
}
