import { expect, test } from "vitest";
import { browser, registerViaForm, signedIn, STRONG_PASSWORD, type Browser } from "./helpers";

// Where a user lands without JavaScript, read from the HTML the server answers: the focused
// error summary after a refused save, the fragments that bring the page back to a payment row
// or a delete confirmation, and the input a refused form keeps (the terms box, the current password).

function postForm(b: Browser, path: string, entries: [string, string][]) {
  return b.fetch(path, {
    method: "POST",
    body: new URLSearchParams(entries),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
  });
}

const emptySave: [string, string][] = [
  ["type", "EXPENSE"],
  ["description", ""],
  ["date", "2026-11-20"],
  ["categoryId", "default-food"],
  ["payments[0].currencyCode", "USD"],
  ["payments[0].amount", ""],
  ["payments[0].method", "cash"],
  ["intent", "save"],
];

/** The error summary's markup: the element with role="alert" that holds the summary's title. */
function summaryOf(html: string, title: string) {
  const start = html.lastIndexOf('<div role="alert"', html.indexOf(title));
  return start < 0 ? null : html.slice(start, html.indexOf("</ul>", start));
}

test("a refused save answers with an error summary that the browser focuses on load, linking to fields that exist", async () => {
  const { b } = await signedIn();
  const res = await postForm(b, "/expenses/new", emptySave);
  expect(res.status).toBe(400);
  const html = await res.text();
  const summary = summaryOf(html, "There is a problem");
  expect(summary).not.toBeNull();
  expect(summary).toContain('autofocus=""');
  expect(summary).toContain('tabindex="-1"');
  const targets = [...summary!.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!);
  expect(targets).toEqual(expect.arrayContaining(["transaction-form-description", "transaction-form-payments-0-amount"]));
  for (const id of targets) expect(html, `a field with id ${id}`).toContain(`id="${id}"`);
  // Only one element asks for focus: the summary, not a field further down.
  expect(html.match(/autofocus=""/g)).toHaveLength(1);
});

test("the summary speaks Spanish, and an intent's answer (no save) asks for no focus", async () => {
  const { b } = await signedIn("es");
  const refused = await (await postForm(b, "/expenses/new", emptySave)).text();
  expect(refused).toContain("Hay un problema");
  const intent = emptySave.map(([k, v]): [string, string] => (k === "intent" ? [k, "multi:on"] : [k, v]));
  const changed = await (await postForm(b, "/expenses/new", intent)).text();
  expect(changed).not.toContain("Hay un problema");
  expect(changed).not.toContain('autofocus=""');
});

test("each payment intent posts to the form's address with the fragment of the place it lands on", async () => {
  const { b } = await signedIn();
  const single = await (await b.fetch("/expenses/new")).text();
  expect(single).toMatch(/value="multi:on"[^>]*formAction="\/expenses\/new#payments"/i);
  expect(single).toContain('id="payment-1"');

  const multi = [...emptySave.filter(([k]) => k !== "intent"), ["multi", "on"], ["intent", "add-payment"]] as [string, string][];
  const two = await (await postForm(b, "/expenses/new", multi)).text();
  expect(two).toContain('id="payments"');
  expect(two).toContain('id="payment-2"');
  // Adding a third lands on the third; removing the second lands on the first; refreshing a rate stays on its row.
  expect(two).toMatch(/value="add-payment"[^>]*formAction="\/expenses\/new#payment-3"/i);
  expect(two).toMatch(/value="remove-payment:1"[^>]*formAction="\/expenses\/new#payment-1"/i);
  expect(two).toMatch(/value="recalculate"[^>]*formAction="\/expenses\/new#payments"/i);
});

test("a delete link opens its confirmation at #confirm, where the panel is", async () => {
  const { b } = await signedIn();
  const created = await postForm(b, "/expenses/new", [
    ...emptySave.filter(([k]) => k !== "description" && k !== "payments[0].amount"),
    ["description", "Coffee"],
    ["payments[0].amount", "3.50"],
  ]);
  expect(created.status).toBe(302);
  const list = await (await b.fetch("/expenses")).text();
  const id = /\/expenses\/edit\/([\w-]+)"/.exec(list)![1]!;
  expect(list).toContain(`?delete=${id}#confirm"`);
  const confirming = await (await b.fetch(`/expenses?delete=${id}`)).text();
  expect(confirming).toMatch(/id="confirm"[^>]*role="alertdialog"/);
  const edit = await (await b.fetch(`/expenses/edit/${id}`)).text();
  expect(edit).toContain(`/expenses/edit/${id}?delete=1#confirm"`);
});

test("a refused registration keeps the terms box ticked", async () => {
  const { res } = await registerViaForm(browser(), { confirmPassword: "Different1" });
  expect(res.status).toBe(400);
  const html = await res.text();
  expect(html).toMatch(/<input type="checkbox" id="register-terms"[^>]* checked=""/);
  expect(html).toContain("There is a problem");
});

test("the password form keeps the current password when only the new ones disagree, and says the others were cleared", async () => {
  const b = browser();
  await registerViaForm(b);
  const mismatch = await b.fetch("/profile?edit=password", {
    form: { intent: "change-password", currentPassword: STRONG_PASSWORD, newPassword: "NewPassw0rd", confirmPassword: "Different1" },
  });
  expect(mismatch.status).toBe(400);
  const html = await mismatch.text();
  expect(html).toMatch(new RegExp(`name="currentPassword"[^>]*value="${STRONG_PASSWORD}"`));
  expect(html).not.toContain('value="NewPassw0rd"');
  expect(html).toContain("the new password fields were cleared");

  // Refused on the current password itself: nothing typed comes back.
  const wrong = await b.fetch("/profile?edit=password", {
    form: { intent: "change-password", currentPassword: "Wr0ngPassword", newPassword: "NewPassw0rd", confirmPassword: "NewPassw0rd" },
  });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).not.toContain('value="Wr0ngPassword"');
});
