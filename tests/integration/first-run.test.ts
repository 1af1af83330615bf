import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { en } from "~/locales/en";
import { es } from "~/locales/es";
import { type Browser, signedIn } from "./helpers";
import { insertBudget, insertTransaction } from "./seed-rows";

// Issue 27, first run, through the Worker as a browser without JavaScript: a new user's dashboard
// opens with the checklist at the top; each step ticks itself once done; "Hide this list" is a
// plain POST and the list never returns; one user's dismissal is not another's.

const checklist = en.dashboard.checklist;

function post(b: Browser, path: string, form: Record<string, string>) {
  return b.fetch(path, { form });
}

/** The checklist's steps as the page shows them: each label, and whether it is marked done. */
function steps(html: string) {
  const list = /<section[^>]*aria-labelledby="first-run"[\s\S]*?<\/section>/.exec(html)?.[0];
  if (!list) return null;
  return [...list.matchAll(/<li[\s\S]*?<\/li>/g)].map(([item]) => ({ done: item.includes("line-through"), text: item.replace(/<[^>]+>/g, "") }));
}

test("a new user's dashboard opens with the checklist first, and each step ticks itself when done", async () => {
  const { b, userId } = await signedIn();
  const first = await (await b.fetch("/dashboard")).text();
  expect(first.indexOf(checklist.title)).toBeGreaterThan(0);
  // At the top of the page: before the month's money cards.
  expect(first.indexOf(checklist.title)).toBeLessThan(first.indexOf(en.dashboard.money.title));
  expect(steps(first)?.map((s) => s.done)).toEqual([false, false, false, false, false]);
  expect(first).toContain("0 of 5 done");
  for (const href of ["/expenses/new", "/help#help-currencies", "/budgets", "/budgets#goals-heading", "/recurring?new"]) expect(first).toContain(`href="${href}"`);

  await insertTransaction({ userId, description: "Lunch", payments: [{ currencyCode: "EUR", amountMinor: 1200, usdCents: 1390 }] });
  await insertBudget(userId, "default-food");
  const later = await (await b.fetch("/dashboard")).text();
  expect(steps(later)?.map((s) => s.done)).toEqual([true, true, true, false, false]);
  expect(later).toContain("3 of 5 done");
  expect(steps(later)?.[1]?.text).toContain("You have used: EUR.");
});

test("Hide this list hides it for good, for that user only, in either language", async () => {
  const { b, userId } = await signedIn("es");
  const other = await signedIn();
  const page = await (await b.fetch("/dashboard")).text();
  expect(page).toContain(es.dashboard.checklist.title);
  expect(page).toContain(es.dashboard.checklist.dismiss);

  const res = await post(b, "/dashboard", { intent: "dismiss-checklist" });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/dashboard");
  expect(await (await b.fetch("/dashboard")).text()).not.toContain(es.dashboard.checklist.title);
  const stored = await env.DB.prepare("select onboarding_dismissed_at as at from users where id = ?").bind(userId).first<{ at: number | null }>();
  expect(stored?.at).toBeGreaterThan(0);

  // Doing a step afterwards does not bring it back; another user still has theirs.
  await insertBudget(userId, "default-food");
  expect(await (await b.fetch("/dashboard")).text()).not.toContain(es.dashboard.checklist.title);
  expect(await (await other.b.fetch("/dashboard")).text()).toContain(checklist.title);

  // Anything else posted to the dashboard is refused and changes nothing.
  expect((await post(other.b, "/dashboard", { intent: "something-else" })).status).toBe(400);
  expect(await (await other.b.fetch("/dashboard")).text()).toContain(checklist.title);
});
