import { expect, test } from "vitest";
import { browser, signedIn } from "./helpers";

// One footer (components/app-footer.tsx) on the landing page and on every signed-in page: the
// same columns and texts, in the visitor's language. The landing page adds its brand column and
// links what leads somewhere (its sections, the sales address); the signed-in pages list text.

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

test("the landing page's footer has the brand line, the three columns and links to its sections and to sales", async () => {
  const { text, links } = footerOf(await (await browser().fetch("/")).text());
  expect(text).toBe(
    "Tallyworth Personal finance for people who live in more than one currency. " +
      "Company About Careers Blog Product Features Pricing Security Support Help Center Contact Privacy Terms " +
      `© ${year} Tallyworth. All rights reserved.`,
  );
  expect(links).toEqual(["Features → #features", "Pricing → #pricing", "Contact → mailto:sales@example.com"]);
});

test("a signed-in page's footer has the same columns as text, in the user's language", async () => {
  const { b } = await signedIn("es");
  const { text, links } = footerOf(await (await b.fetch("/dashboard")).text());
  expect(text).toBe(
    "Empresa Acerca de Empleo Blog Producto Funciones Precios Seguridad Soporte Centro de ayuda Contacto Privacidad " +
      `© ${year} Tallyworth. Todos los derechos reservados.`,
  );
  expect(links).toEqual([]);
});
