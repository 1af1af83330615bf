import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { api, registerViaApi } from "./api-client";
import { signedIn } from "./helpers";

// A paused schedule offers Resume only (issue 24, decision 033): the page shows no Skip and no
// "Post now" (plain HTML, as without JavaScript), and skip and post-now are refused with a
// translated 409 on both faces while it is paused, changing nothing. After a resume both work.

const RENT = {
  intent: "create",
  type: "EXPENSE",
  description: "Rent",
  categoryId: "default-housing",
  "payments[0].currencyCode": "USD",
  "payments[0].amount": "1200.00",
  "payments[0].method": "bank_transfer",
  frequency: "monthly",
  interval: "1",
  startDate: "2031-05-01",
  ends: "never",
};

const state = (id: string) =>
  Promise.all([
    env.DB.prepare("select next_date from recurring_transactions where id = ?").bind(id).first<{ next_date: string }>(),
    env.DB.prepare("select count(*) as n from recurring_occurrences where recurring_id = ?").bind(id).first<{ n: number }>(),
  ]).then(([schedule, keys]) => ({ nextDate: schedule!.next_date, keys: keys!.n }));

test("the page offers a paused schedule Resume only, and refuses skip and post-now with a translated 409 (en and es)", async () => {
  const { b, userId } = await signedIn();
  expect((await b.fetch("/recurring?new", { form: RENT })).status).toBe(302);
  const { id } = (await env.DB.prepare("select id from recurring_transactions where user_id = ?").bind(userId).first<{ id: string }>())!;
  const act = (intent: string, fields: Record<string, string> = {}) => b.fetch("/recurring", { form: { intent, id, ...fields } });

  const running = await (await b.fetch("/recurring")).text();
  expect(running).toContain('value="skip"');
  expect(running).toContain('value="post-now"');
  expect((await act("pause")).status).toBe(302);

  const paused = await (await b.fetch("/recurring")).text();
  expect(paused).toContain('value="resume"');
  expect(paused).not.toContain('value="skip"');
  expect(paused).not.toContain('value="post-now"');

  const before = await state(id);
  const skip = await act("skip", { date: "2031-05-01" });
  expect(skip.status).toBe(409);
  expect(await skip.text()).toContain("This schedule is paused: resume it first");
  const post = await act("post-now");
  expect(post.status).toBe(409);
  expect(await state(id)).toEqual(before);
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/recurring" } });
  expect(await (await act("post-now")).text()).toContain("Esta transacción recurrente está en pausa: reanúdala primero");
  expect(await state(id)).toEqual(before);

  expect((await act("resume")).status).toBe(302);
  expect((await act("skip", { date: "2031-05-01" })).status).toBe(302);
  expect(await state(id)).toEqual({ nextDate: "2031-06-01", keys: 1 });
});

test("the API answers 409 to skip and post-now while paused (en and es), and changes nothing", async () => {
  const me = await registerViaApi();
  const created = await api("/api/recurring-transactions", {
    token: me.accessToken,
    json: { type: "EXPENSE", description: "Gym", categoryId: "default-health", payments: [{ currencyCode: "USD", amount: "30.00", method: "cash" }], frequency: "monthly", startDate: "2031-07-10" },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.recurring_transaction.id as string;
  expect((await api(`/api/recurring-transactions/${id}/pause`, { token: me.accessToken, json: {} })).status).toBe(200);
  const before = await state(id);

  const skip = await api(`/api/recurring-transactions/${id}/skip`, { token: me.accessToken, json: { date: "2031-07-10" } });
  expect(skip.status).toBe(409);
  expect(skip.body).toMatchObject({ status: "error", message: "This schedule is paused: resume it first" });
  const post = await api(`/api/recurring-transactions/${id}/post-now`, { token: me.accessToken, json: {}, headers: { "Accept-Language": "es" } });
  expect(post.status).toBe(409);
  expect(post.body.message).toBe("Esta transacción recurrente está en pausa: reanúdala primero");
  expect(await state(id)).toEqual(before);

  expect((await api(`/api/recurring-transactions/${id}/resume`, { token: me.accessToken, json: {} })).status).toBe(200);
  const posted = await api(`/api/recurring-transactions/${id}/post-now`, { token: me.accessToken, json: {} });
  expect(posted.status).toBe(200);
});
