import { expect, test } from "vitest";
import { en } from "~/locales/en";
import { es } from "~/locales/es";
import { browser } from "./helpers";

// Issue 27, "Installable": a phone adds the app to its home screen from the manifest the pages
// link; it opens on the dashboard and offers a new transaction as a shortcut, in the user's language.

type Manifest = { name: string; start_url: string; display: string; lang: string; icons: { src: string; sizes: string; purpose?: string }[]; shortcuts: { name: string; url: string }[] };

test("every page links the manifest and colours the browser bar for both themes", async () => {
  const html = await (await browser().fetch("/")).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  expect(html).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: light\)" content="#f8fafc"\/>/);
  expect(html).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: dark\)" content="#020617"\/>/);
});

test("the manifest opens the dashboard standalone, with a new-transaction shortcut, in the request's language", async () => {
  for (const [language, messages] of [["en", en], ["es", es]] as const) {
    const res = await browser().fetch("/manifest.webmanifest", { headers: { "Accept-Language": language } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/manifest+json; charset=utf-8");
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({ name: "Tallyworth", start_url: "/dashboard", display: "standalone", lang: language });
    expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: messages.transactions.newTransaction, url: "/expenses/new" })]);
    // What Chrome asks of an installable app: a 192 and a 512 pixel icon, and a maskable one for Android.
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
  }
});
