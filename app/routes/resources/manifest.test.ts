import { readFileSync } from "node:fs";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { languageContext } from "~/context.server";
import { loader } from "./manifest";

// The icons the manifest names are files we serve (public/), at the size it says: a phone that
// finds a missing or wrongly sized icon will not offer to install the app.

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("every icon of the manifest is a file in public/ of the size it declares", async () => {
  const context = new RouterContextProvider();
  context.set(languageContext, "en");
  const res = loader({ context } as never);
  const { icons } = (await res.json()) as { icons: { src: string; sizes: string; type: string }[] };
  expect(icons.length).toBeGreaterThanOrEqual(4);
  for (const icon of icons) {
    const bytes = readFileSync(`public${icon.src}`);
    if (icon.type === "image/png") expect(pngSize(bytes), icon.src).toBe(icon.sizes);
    else expect(bytes.toString("utf8"), icon.src).toMatch(/^<svg /);
  }
});
