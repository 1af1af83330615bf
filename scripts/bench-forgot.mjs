// npm run bench -- --forgot: does the forgot-password answer tell whether an account exists by its
// timing? (issue 25). The production build in workerd on a throwaway database, with mail going to
// the fake mail API on loopback (tests/fakes/mail-api.ts, as the browser tests do), so the send
// after the answer (ctx.waitUntil) is the real HTTP transport's. N existing accounts are made
// through the API; then N requests for them and N for unknown addresses, interleaved one by one
// (so drift of a busy machine falls on both alike), each from its own client address and for its
// own address (the per-IP and per-address throttles would otherwise answer 429 after a few). A
// second run of the same size, unknown against unknown, shows what the noise alone gives.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitForServer } from "./bench-http.mjs";
import { migrateLocal, root } from "./lib.mjs";

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p95: pct(sorted, 95), mean: sorted.reduce((s, t) => s + t, 0) / sorted.length };
};

export async function runForgotBench({ port, requests = 200 }) {
  const base = `http://127.0.0.1:${port}`;
  const persist = mkdtempSync(join(tmpdir(), "bench-forgot-"));
  process.env.PERSIST_TO = persist;
  migrateLocal();
  const { startFakeMailApi } = await import("../tests/fakes/mail-api.ts");
  const mailApi = await startFakeMailApi();
  const buildVars = `${root}build/server/.dev.vars`;
  const savedVars = existsSync(buildVars) ? readFileSync(buildVars, "utf8") : null;
  const server = spawn("node", ["scripts/e2e-server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PERSIST_TO: persist, E2E_MAIL_PORT: String(mailApi.port) },
    stdio: "ignore",
    detached: true,
  });
  let ip = 0;
  const nextIp = () => {
    ip += 1;
    return `198.51.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
  };
  const post = (path, body) =>
    fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": nextIp() }, body: JSON.stringify(body) });
  try {
    await waitForServer(base);
    const run = Date.now();
    const known = [];
    for (let i = 0; i < requests; i++) {
      const email = `forgot-${run}-${i}@example.com`;
      const res = await post("/api/auth/register", { firstName: "Bench", lastName: "Forgot", email, password: "BenchPass123" });
      if (res.status !== 201) throw new Error(`registration answered ${res.status}`);
      known.push(email);
    }
    const timed = async (email) => {
      const t = performance.now();
      const res = await post("/api/auth/forgot-password", { email });
      await res.arrayBuffer();
      if (res.status !== 202) throw new Error(`forgot-password answered ${res.status}`);
      return performance.now() - t;
    };
    // Warm-up: the first requests of a fresh isolate compile and cache.
    for (let i = 0; i < 20; i++) await timed(`warm-${run}-${i}@example.com`);
    const existing = [];
    const unknown = [];
    const unknownB = [];
    for (let i = 0; i < requests; i++) {
      // Alternate which goes first, so neither always follows the other's mail.
      if (i % 2 === 0) {
        existing.push(await timed(known[i]));
        unknown.push(await timed(`nobody-${run}-${i}@example.com`));
      } else {
        unknown.push(await timed(`nobody-${run}-${i}@example.com`));
        existing.push(await timed(known[i]));
      }
      unknownB.push(await timed(`noone-${run}-${i}@example.com`));
    }
    // Every mail left after its answer.
    for (let i = 0; i < 100 && mailApi.channel("e2e").messages.length < requests; i++) await new Promise((r) => setTimeout(r, 100));
    const rows = [
      ["existing address", summary(existing)],
      ["unknown address", summary(unknown)],
      ["unknown address (2nd set)", summary(unknownB)],
    ];
    const fmt = (ms) => `${ms.toFixed(1)} ms`.padStart(9);
    console.log(`\nPOST /api/auth/forgot-password, ${requests} requests each, sequential, interleaved (production build in workerd, mail to a fake API on loopback)`);
    console.log(`${"".padEnd(28)}${"p50".padStart(9)}${"p95".padStart(9)}${"mean".padStart(9)}`);
    for (const [name, s] of rows) console.log(`${name.padEnd(28)}${fmt(s.p50)}${fmt(s.p95)}${fmt(s.mean)}`);
    const [e, u, n] = rows.map(([, s]) => s);
    console.log(`existing − unknown:         ${fmt(e.p50 - u.p50)}${fmt(e.p95 - u.p95)}   (the noise, unknown − unknown: ${(u.p50 - n.p50).toFixed(1)} ms p50, ${(u.p95 - n.p95).toFixed(1)} ms p95)`);
    console.log(`mails accepted by the fake API: ${mailApi.channel("e2e").messages.length} of ${requests}`);
  } finally {
    try {
      process.kill(-server.pid);
    } catch {}
    await mailApi.close();
    if (savedVars === null) rmSync(buildVars, { force: true });
    else writeFileSync(buildVars, savedVars);
    rmSync(persist, { recursive: true, force: true });
  }
}
