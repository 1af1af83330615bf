// The home-screen icons of the web app manifest (app/routes/resources/manifest.ts), drawn from
// public/favicon.svg and public/icons/maskable.svg by Debian's chromium (no image tool is needed):
//   node scripts/icons.mjs
// Run it again after changing either SVG, and commit the PNGs.
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM, ensureChromium } from "./ensure-chromium.mjs";

const sources = { icon: "public/favicon.svg", maskable: "public/icons/maskable.svg" };
ensureChromium();
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    for (const [name, file] of Object.entries(sources)) {
      const svg = readFileSync(file, "utf8").replace("<svg ", `<svg width="${size}" height="${size}" `);
      await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
      writeFileSync(`public/icons/${name}-${size}.png`, await page.screenshot({ omitBackground: true }));
    }
    await page.close();
  }
} finally {
  await browser.close();
}
