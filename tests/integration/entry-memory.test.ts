import { expect, test } from "vitest";
import { signedIn } from "./helpers";
import { insertTransaction } from "./seed-rows";

// Issue 27, "Entry that remembers", through the Worker as a browser without JavaScript sees it:
// the new-transaction form suggests the user's earlier descriptions (a native <datalist>), starts
// in the expense category used last, and "Repeat today" opens a copy dated today. Another user's
// transactions are never suggested nor copied.

const escaped = (name: string) => name.replace(/[[\].]/g, "\\$&");
const selectOf = (html: string, name: string) => new RegExp(`<select[^>]*name="${escaped(name)}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
const selected = (html: string, name: string) => /<option value="([^"]*)" selected=""/.exec(selectOf(html, name))?.[1];
const firstOption = (html: string, name: string) => /<option value="([^"]+)"/.exec(selectOf(html, name))?.[1];
const valueOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${escaped(name)}"[^>]*value="([^"]*)"`).exec(html)?.[1];
const suggestions = (html: string) =>
  [...(/<datalist id="transaction-description-suggestions">([\s\S]*?)<\/datalist>/.exec(html)?.[1] ?? "").matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);

test("the new form suggests earlier descriptions latest first, once each, and starts in the expense category used last", async () => {
  const { b, userId } = await signedIn();
  const other = await signedIn();
  await insertTransaction({ userId, description: "Rent", date: "2026-10-01", categoryId: "default-housing" });
  await insertTransaction({ userId, description: "Coffee", date: "2026-10-05", categoryId: "default-food" });
  await insertTransaction({ userId, description: "Coffee", date: "2026-10-20", categoryId: "default-food" });
  await insertTransaction({ userId, description: "Salary", date: "2026-10-30", type: "INCOME", categoryId: "default-salary" });
  await insertTransaction({ userId, description: "Taxi home", date: "2026-10-25", categoryId: "default-transport" });
  await insertTransaction({ userId: other.userId, description: "Someone else's secret", date: "2026-10-31", categoryId: "default-shopping" });

  const html = await (await b.fetch("/expenses/new")).text();
  expect(suggestions(html)).toEqual(["Salary", "Taxi home", "Coffee", "Rent"]);
  expect(html).not.toContain("Someone else");
  expect(html).toMatch(/<input[^>]*list="transaction-description-suggestions"/);
  // The latest expense was the taxi (the salary is an income): its category comes first.
  expect(selected(html, "categoryId")).toBe("default-transport");

  // A user with no transactions yet gets the spec's first expense category, and no suggestions.
  const fresh = await signedIn();
  const empty = await (await fresh.b.fetch("/expenses/new")).text();
  expect(suggestions(empty)).toEqual([]);
  expect(empty).not.toContain("<datalist");
  expect(selected(empty, "categoryId")).toBe(firstOption(empty, "categoryId"));

  // Editing has nothing to suggest: the description is the transaction's own.
  const [, id] = /href="\/expenses\/edit\/([^"]+)"/.exec(await (await b.fetch("/expenses")).text()) ?? [];
  expect(await (await b.fetch(`/expenses/edit/${id}`)).text()).not.toContain("<datalist");
});

test("Repeat today copies a transaction into a new form dated today, at today's rate; another user's is not found", async () => {
  const { b, userId } = await signedIn();
  const other = await signedIn();
  const id = await insertTransaction({
    userId,
    description: "Lunch in Madrid",
    date: "2026-10-02",
    categoryId: "default-food",
    payments: [{ currencyCode: "EUR", amountMinor: 1850, usdCents: 2100, method: "credit_card", rate: "0.881" }],
  });
  const list = await (await b.fetch("/expenses")).text();
  expect(list).toContain(`href="/expenses/new?from=${id}"`);

  const html = await (await b.fetch(`/expenses/new?from=${id}`)).text();
  expect(valueOf(html, "description")).toBe("Lunch in Madrid");
  expect(valueOf(html, "payments[0].amount")).toBe("18.50");
  expect(selected(html, "payments[0].currencyCode")).toBe("EUR");
  expect(selected(html, "payments[0].method")).toBe("credit_card");
  expect(selected(html, "categoryId")).toBe("default-food");
  // Dated today (the user's day; the test user's zone is UTC), not the copied date.
  expect(valueOf(html, "date")).toBe(new Date().toISOString().slice(0, 10));
  // The stored rate of October is not copied: the rate field follows today's rate on file.
  expect(valueOf(html, "payments[0].rate")).not.toBe("0.881");

  // Another user's transaction is not found, as a missing one is, and nothing of it shows.
  const stranger = await other.b.fetch(`/expenses/new?from=${id}`);
  expect(stranger.status).toBe(404);
  expect(await stranger.text()).not.toContain("Lunch in Madrid");
});
