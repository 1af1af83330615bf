import { expect, test } from "vitest";
import { createLibsqlTestDb } from "../../tests/setup/libsql-db";
import { takeToken } from "./throttle.server";

const rule = { capacity: 5, perMs: 60_000 };

test("a bucket grants its capacity, then refuses with the seconds until the next token", async () => {
  const db = await createLibsqlTestDb();
  const t0 = 1_000_000;
  for (let i = 0; i < 5; i++) expect(await takeToken(db, "k", rule, t0)).toEqual({ allowed: true });
  expect(await takeToken(db, "k", rule, t0)).toEqual({ allowed: false, retryAfterSeconds: 12 });
});

test("tokens come back at the configured rate and a refusal costs nothing", async () => {
  const db = await createLibsqlTestDb();
  const t0 = 5_000_000;
  for (let i = 0; i < 5; i++) await takeToken(db, "k", rule, t0);
  expect((await takeToken(db, "k", rule, t0 + 6_000)).allowed).toBe(false);
  expect((await takeToken(db, "k", rule, t0 + 11_999)).allowed).toBe(false);
  // one token takes 12 s to refill; the refused attempts above did not push it back
  expect((await takeToken(db, "k", rule, t0 + 12_000)).allowed).toBe(true);
  expect((await takeToken(db, "k", rule, t0 + 12_000)).allowed).toBe(false);
});

test("buckets are independent per key and never exceed capacity", async () => {
  const db = await createLibsqlTestDb();
  const t0 = 9_000_000;
  for (let i = 0; i < 5; i++) await takeToken(db, "a", rule, t0);
  expect((await takeToken(db, "b", rule, t0)).allowed).toBe(true);
  // an hour idle refills to 5, not 300
  const later = t0 + 3_600_000;
  for (let i = 0; i < 5; i++) expect((await takeToken(db, "a", rule, later)).allowed).toBe(true);
  expect((await takeToken(db, "a", rule, later)).allowed).toBe(false);
});
