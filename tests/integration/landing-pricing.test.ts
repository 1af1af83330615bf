import { expect, test } from "vitest";
import { browser } from "./helpers";

// What a visitor reads in the landing page's pricing section (SPEC.md 3 and 4), in both
// languages: each plan's monthly and annual price, the yearly saving, its currency limit and
// which plan is marked most popular. Both periods are in the HTML (CSS shows the chosen one).

async function pricing(language: string) {
  const html = await (await browser().fetch("/", { headers: { "Accept-Language": language } })).text();
  const start = html.indexOf(">", html.indexOf('id="pricing"')) + 1;
  const section = html.slice(start, html.indexOf("</section>", start));
  const text = (part: string) =>
    part
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;|\u00a0|\u202f/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim();
  const [head = "", ...cards] = section.split(/<li class="relative /);
  return { head: text(head), cards: cards.map((card) => text(card.slice(card.indexOf(">") + 1))) };
}

test("each plan shows its monthly and annual price, the year's saving and its currencies; only Pro is marked most popular", async () => {
  const { head, cards } = await pricing("en");
  expect(head).toContain("Monthly Annual 2 months free");
  expect(cards).toHaveLength(3);
  const [basic = "", pro = "", enterprise = ""] = cards;
  expect(basic).toMatch(/^Basic .* \$ 9 \/month Billed monthly \$ 90 \/year Save \$ 18 a year Up to 3 currencies /);
  expect(pro).toMatch(/^Most popular Pro .* \$ 19 \/month Billed monthly \$ 190 \/year Save \$ 38 a year Unlimited currencies /);
  expect(enterprise).toMatch(/^Enterprise .* \$ 39 \/month Billed monthly \$ 390 \/year Save \$ 78 a year Unlimited currencies /);
  expect(cards.filter((card) => card.includes("Most popular"))).toEqual([pro]);
});

test("in Spanish the same prices are written in US dollars the Spanish way", async () => {
  const { head, cards } = await pricing("es");
  expect(head).toContain("Mensual Anual 2 meses gratis");
  const [basic = "", pro = "", enterprise = ""] = cards;
  expect(basic).toMatch(/^Básico .* US\$ 9 \/mes Facturación mensual US\$ 90 \/año Ahorras US\$ 18 al año Hasta 3 monedas /);
  expect(pro).toMatch(/^Más popular Pro .* US\$ 19 \/mes Facturación mensual US\$ 190 \/año Ahorras US\$ 38 al año Monedas ilimitadas /);
  expect(enterprise).toMatch(/^Empresa .* US\$ 39 \/mes Facturación mensual US\$ 390 \/año Ahorras US\$ 78 al año Monedas ilimitadas /);
  expect(cards.filter((card) => card.includes("Más popular"))).toEqual([pro]);
});
