import { expect, test } from "vitest";
import { browser, signedIn } from "./helpers";

// One footer (components/app-footer.tsx) on the landing page, the help page and every signed-in
// page, in the visitor's language: only links that lead somewhere (issue 23 took out the spec's
// placeholder columns, About, Careers, Blog, Security, Privacy, Terms…, which had no page behind
// them). The landing page adds its brand line and its own sections.

function footerOf(html: string) {
  const footer = html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
  const links = [...footer.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[2]} → ${m[1]}`);
  const text = footer
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return { text, links };
}

const year = new Date().getFullYear();

test("the landing page's footer has the brand line and links only: its sections, help and contact", async () => {
  const { text, links } = footerOf(await (await browser().fetch("/")).text());
  expect(text).toBe(
    "Tallyworth Personal finance for people who live in more than one currency. Features Pricing Help Contact " +
      `© ${year} Tallyworth. All rights reserved.`,
  );
  expect(links).toEqual(["Features → #features", "Pricing → #pricing", "Help → /help", "Contact → mailto:sales@example.com"]);
});

test("a signed-in page's footer links to help and contact, in the user's language, and to nothing that goes nowhere", async () => {
  const { b } = await signedIn("es");
  const { text, links } = footerOf(await (await b.fetch("/dashboard")).text());
  expect(text).toBe(`Ayuda Contacto © ${year} Tallyworth. Todos los derechos reservados.`);
  expect(links).toEqual(["Ayuda → /help", "Contacto → mailto:sales@example.com"]);
});

test("/help is public: what the app does, topic by topic, each with a link to its page, in English and Spanish", async () => {
  for (const [language, words] of [
    ["en", ["<h1", ">Help</h1>", "Record income and expenses", "Currencies and exchange rates", "Budgets and savings goals", "Back to home"]],
    ["es", ["<h1", ">Ayuda</h1>", "Registra ingresos y gastos", "Monedas y tasas de cambio", "Presupuestos y metas de ahorro", "Volver al inicio"]],
  ] as const) {
    const res = await browser().fetch("/help", { headers: { "Accept-Language": language } });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const word of words) expect(html, `${language}: ${word}`).toContain(word);
    for (const page of ["/expenses/new", "/categories", "/budgets", "/reports", "/import", "/profile"]) expect(html).toContain(`href="${page}"`);
  }
  // Signed in, the app's own header and a way back to the dashboard.
  const { b } = await signedIn();
  const html = await (await b.fetch("/help")).text();
  expect(html).toContain("Main navigation");
  expect(html).toContain("Back to the dashboard");
});
