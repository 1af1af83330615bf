import { expect, test } from "vitest";
import { monthRange } from "~/features/dashboard/model";
import { browser, signedIn } from "./helpers";
import { insertTransaction } from "./seed-rows";

// The dashboard's money parts through the Worker: this month's income, expenses and net in USD,
// the change against last month, the per-currency card and the latest five transactions.

async function dashboard(b: ReturnType<typeof browser>) {
  const res = await b.fetch("/dashboard");
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "").replace(/&amp;/g, "&");
}

// Month bounds as the server computes them (UTC).
const now = new Date();
const thisMonth = monthRange(now);
const lastMonth = monthRange(now, 1);
const twoMonthsAgo = monthRange(now, 2);
const day = (range: { startDate: string }, d: number) => `${range.startDate.slice(0, 8)}${String(d).padStart(2, "0")}`;

const card = (html: string, label: string) => {
  const match = new RegExp(`${label}</h3><p[^>]*><span[^>]*>([^<]*)</span></p>`).exec(html);
  return match?.[1];
};
const netCard = (html: string) => {
  const start = html.indexOf("Net balance</h3>");
  return html.slice(start, html.indexOf("</section>", start));
};

test("with no transactions: three zero cards, no change, no by-currency card, and the recent table's empty state", async () => {
  const { b } = await signedIn();
  const html = await dashboard(b);
  expect(card(html, "Income")).toBe("$ 0.00");
  expect(card(html, "Expenses")).toBe("$ 0.00");
  expect(card(html, "Net balance")).toBe("$ 0.00");
  // Zero is neither income green nor expense red.
  const zeroCards = html.slice(html.indexOf("Income</h3>"), html.indexOf("</section>", html.indexOf("Income</h3>")));
  expect(zeroCards).not.toMatch(/text-(green|red)-700/);
  expect(html).not.toContain("vs last month");
  expect(html).not.toContain("Transactions by Currency");
  expect(html).toContain("Recent Transactions");
  expect(html).toContain("No transactions yet");
  expect(html).toMatch(/href="\/expenses\/new"[^>]*>Add your first transaction</);
});

test("the cards sum this month only, in USD, whatever the payment currencies; other users' rows never count", async () => {
  const { b, userId } = await signedIn();
  const other = await signedIn();
  await insertTransaction({ userId, type: "INCOME", description: "Salary", date: day(thisMonth, 1), usdCents: 500000 });
  await insertTransaction({
    userId,
    type: "EXPENSE",
    description: "Groceries",
    date: day(thisMonth, 2),
    payments: [
      { currencyCode: "USD", amountMinor: 10000, usdCents: 10000 },
      { currencyCode: "EUR", amountMinor: 8612, usdCents: 10000, rate: "0.8612" },
    ],
  });
  await insertTransaction({ userId, type: "EXPENSE", description: "Last month", date: lastMonth.endDate, usdCents: 99999 });
  await insertTransaction({ userId, type: "INCOME", description: "Two months ago", date: twoMonthsAgo.startDate, usdCents: 77777 });
  await insertTransaction({ userId: other.userId, type: "INCOME", description: "Not mine", date: day(thisMonth, 1), usdCents: 1_000_000 });
  const html = await dashboard(b);
  expect(card(html, "Income")).toBe("$ 5,000.00");
  expect(card(html, "Expenses")).toBe("$ 200.00");
  expect(card(html, "Net balance")).toBe("$ 4,800.00");
  expect(html).not.toContain("Not mine");
});

test("the net card lists the other currencies used this month", async () => {
  const { b, userId } = await signedIn();
  await insertTransaction({
    userId,
    date: day(thisMonth, 3),
    payments: [
      { currencyCode: "VES", amountMinor: 231048, usdCents: 1000, rate: "231.0475" },
      { currencyCode: "COP", amountMinor: 387125, usdCents: 100, rate: "3871.25" },
    ],
  });
  await insertTransaction({ userId, date: day(thisMonth, 4), payments: [{ currencyCode: "EUR", amountMinor: 861, usdCents: 1000 }] });
  await insertTransaction({ userId, date: day(thisMonth, 5), usdCents: 500 });
  // A currency used only last month is not "included" this month.
  await insertTransaction({ userId, date: lastMonth.startDate, payments: [{ currencyCode: "JPY", amountMinor: 1000, usdCents: 654 }] });
  const net = netCard(await dashboard(b));
  expect(net).toContain("Includes COP, EUR, and VES");
  expect(net).not.toContain("JPY");
});

test("the change against last month is relative to the absolute value of last month's net, with the absolute difference beside it, and hidden when that or the change is zero", async () => {
  const cases: Array<{ last: Array<["INCOME" | "EXPENSE", number]>; current: Array<["INCOME" | "EXPENSE", number]>; expected: string | null }> = [
    // 1,000 → 1,500: +50 %
    { last: [["INCOME", 100000]], current: [["INCOME", 150000]], expected: "+$ 500.00 (+50%) vs last month" },
    // 1,000 → 250: −75 %
    { last: [["INCOME", 100000]], current: [["INCOME", 50000], ["EXPENSE", 25000]], expected: "-$ 750.00 (-75%) vs last month" },
    // −100 → +50: +150 % (relative to |−100|)
    { last: [["EXPENSE", 10000]], current: [["INCOME", 5000]], expected: "+$ 150.00 (+150%) vs last month" },
    // −100 → −200: −100 %
    { last: [["EXPENSE", 10000]], current: [["EXPENSE", 20000]], expected: "-$ 100.00 (-100%) vs last month" },
    // 3 → 4: +33.3 %
    { last: [["INCOME", 300]], current: [["INCOME", 400]], expected: "+$ 1.00 (+33.3%) vs last month" },
    // same net: no change to show
    { last: [["INCOME", 300]], current: [["INCOME", 300]], expected: null },
    // 20.01 → 20.02 is +0.0499… %, which rounds to 0.0 %: not shown either
    { last: [["INCOME", 2001]], current: [["INCOME", 2002]], expected: null },
    // 20.00 → 20.01 is exactly +0.05 %, a tie rounded away from zero to +0.1 %
    { last: [["INCOME", 2000]], current: [["INCOME", 2001]], expected: "+$ 0.01 (+0.1%) vs last month" },
    // last month's net is zero (income and expenses cancel out): no percentage
    { last: [["INCOME", 5000], ["EXPENSE", 5000]], current: [["INCOME", 100]], expected: null },
    // no transactions last month: no percentage
    { last: [], current: [["EXPENSE", 100]], expected: null },
  ];
  for (const c of cases) {
    const { b, userId } = await signedIn();
    for (const [type, usdCents] of c.last) await insertTransaction({ userId, type, usdCents, date: day(lastMonth, 10) });
    for (const [type, usdCents] of c.current) await insertTransaction({ userId, type, usdCents, date: day(thisMonth, 1) });
    const net = netCard(await dashboard(b));
    if (c.expected === null) expect(net, JSON.stringify(c)).not.toContain("vs last month");
    else expect(net, JSON.stringify(c)).toContain(c.expected);
  }
});

test("across a change of sign the percent keeps the spec's rule and the absolute difference beside it says what happened", async () => {
  const { b, userId } = await signedIn();
  // +100.00 last month, −713.80 this month: "-813.8%" alone told nothing (issue 23).
  await insertTransaction({ userId, type: "INCOME", usdCents: 10000, date: day(lastMonth, 10) });
  await insertTransaction({ userId, type: "EXPENSE", usdCents: 71380, date: day(thisMonth, 1) });
  expect(netCard(await dashboard(b))).toContain("-$ 813.80 (-813.8%) vs last month");
});

test("at extreme sizes the change against last month is exact to its tenth", async () => {
  const { b, userId } = await signedIn();
  // 0.07 last month, 9,007,199,254,741.00 this month: +12,867,427,506,772,757.1 %, past 2^53 tenths.
  await insertTransaction({ userId, type: "INCOME", usdCents: 7, date: day(lastMonth, 10) });
  await insertTransaction({ userId, type: "INCOME", usdCents: 900_719_925_474_100, date: day(thisMonth, 1) });
  expect(netCard(await dashboard(b))).toContain("+$ 9,007,199,254,740.93 (+12,867,427,506,772,757.1%) vs last month");
});

test("'Transactions by Currency' appears only when more than one currency was used this month", async () => {
  const { b, userId } = await signedIn();
  await insertTransaction({ userId, type: "INCOME", date: day(thisMonth, 1), usdCents: 100000 });
  await insertTransaction({ userId, date: lastMonth.startDate, payments: [{ currencyCode: "EUR", amountMinor: 861, usdCents: 1000 }] });
  expect(await dashboard(b)).not.toContain("Transactions by Currency");

  await insertTransaction({
    userId,
    type: "EXPENSE",
    date: day(thisMonth, 2),
    payments: [{ currencyCode: "EUR", amountMinor: 123456, usdCents: 143353, rate: "0.8612" }],
  });
  await insertTransaction({
    userId,
    type: "INCOME",
    date: day(thisMonth, 3),
    payments: [
      { currencyCode: "EUR", amountMinor: 5000, usdCents: 5806, rate: "0.8612" },
      { currencyCode: "USD", amountMinor: 2500, usdCents: 2500 },
    ],
  });
  const html = await dashboard(b);
  expect(html).toContain("Transactions by Currency");
  const start = html.indexOf("Transactions by Currency");
  const cardHtml = html.slice(start, html.indexOf("</section>", start));
  const row = (code: string) => {
    const at = cardHtml.indexOf(`>${code}</th>`);
    return cardHtml.slice(at, cardHtml.indexOf("</tr>", at));
  };
  // EUR: income 50.00 (58.06 USD), expenses 1,234.56 (1,433.53 USD), net −1,184.56 (−1,375.47 USD), 2 transactions.
  const eur = row("EUR");
  expect(eur).toContain("€ 50.00");
  expect(eur).toContain(">$ 58.06<");
  expect(eur).toContain("€ 1,234.56");
  expect(eur).toContain(">$ 1,433.53<");
  expect(eur).toContain("-€ 1,184.56");
  expect(eur).toContain(">-$ 1,375.47<");
  // The currency is named once: no code after the amount.
  expect(eur).not.toContain(" USD<");
  expect(eur).toMatch(/>2<\/span><\/td>$/);
  // USD: income 1,000.00 + 25.00, no expenses, 2 transactions; no USD line under USD.
  const usd = row("USD");
  expect(usd).toContain("$ 1,025.00");
  expect(usd).toContain("$ 0.00");
  expect(usd.match(/\$ /g)?.length).toBe(3);
  expect(usd).toMatch(/>2<\/span><\/td>$/);
  // The cards are the USD totals of the transactions.
  expect(card(html, "Income")).toBe("$ 1,083.06");
  expect(card(html, "Expenses")).toBe("$ 1,433.53");
});

test("recent transactions: the 5 latest by date, with a USD line under non-USD amounts and a link to the list", async () => {
  const { b, userId } = await signedIn();
  const other = await signedIn();
  const rows = [
    { description: "Oldest", date: twoMonthsAgo.startDate },
    { description: "Older", date: lastMonth.startDate },
    { description: "Rent", date: day(lastMonth, 3), categoryId: "default-housing" },
    { description: "Salary", date: day(thisMonth, 1), type: "INCOME" as const, categoryId: "default-salary", usdCents: 420000 },
    {
      description: "Dinner",
      date: day(thisMonth, 2),
      categoryId: "default-food",
      payments: [{ currencyCode: "VES", amountMinor: 1850050, usdCents: 8007, rate: "231.0475" }],
    },
    {
      description: "Split bill",
      date: day(thisMonth, 2),
      payments: [
        { currencyCode: "USD", amountMinor: 2000, usdCents: 2000 },
        { currencyCode: "EUR", amountMinor: 1722, usdCents: 2000 },
      ],
    },
    { description: "Newest", date: day(thisMonth, 3) },
  ];
  for (const [i, row] of rows.entries()) await insertTransaction({ userId, ...row, createdAt: Date.now() + i });
  await insertTransaction({ userId: other.userId, description: "Someone else's", date: day(thisMonth, 4) });
  const html = await dashboard(b);
  const start = html.indexOf("Recent Transactions");
  const recent = html.slice(start, html.indexOf("</section>", start));
  const order = ["Newest", "Split bill", "Dinner", "Salary", "Rent"];
  const positions = order.map((d) => recent.indexOf(`>${d}</td>`));
  expect(positions.every((p) => p > -1)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(recent).not.toContain("Older");
  expect(recent).not.toContain("Someone else");
  expect(recent).toContain("-VES 18,500.50");
  expect(recent).toContain(">-$ 80.07<");
  expect(recent).toContain("+$ 4,200.00");
  expect(recent).toContain("Multi (2)");
  expect(recent).toContain("USD, EUR");
  expect(recent).toContain("-$ 40.00");
  expect(recent).toContain("Food & Dining");
  expect(recent).toMatch(/href="\/expenses"[^>]*>View all</);
  expect(recent).not.toContain("No transactions yet");
});

test("in Spanish: the cards, change and tables speak Spanish with Spanish numbers", async () => {
  const { b, userId } = await signedIn("es");
  await insertTransaction({ userId, type: "INCOME", date: lastMonth.startDate, usdCents: 100000 });
  await insertTransaction({ userId, type: "INCOME", date: day(thisMonth, 1), usdCents: 1234567 });
  await insertTransaction({ userId, date: day(thisMonth, 1), payments: [{ currencyCode: "EUR", amountMinor: 861, usdCents: 1000 }] });
  const html = await dashboard(b);
  expect(card(html, "Ingresos")).toBe("US$ 12.345,67");
  expect(card(html, "Gastos")).toBe("US$ 10,00");
  expect(html).toContain("Balance neto");
  expect(html).toContain("Incluye EUR");
  // Grouped like every amount and percent in Spanish (decision 015; it read "+1133,6 %" before issue 21).
  expect(html.replace(/\u00a0/g, " ")).toContain("+US$ 11.335,67 (+1.133,6 %) frente al mes pasado");
  expect(html).toContain("Transacciones por moneda");
  expect(html).toContain("Transacciones recientes");
});
