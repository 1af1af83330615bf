import type { Plugin } from "vite";
import { supportedLanguages } from "../app/locales/languages.ts";

// The URL of each language's messages chunk (app/locales/{en,es}/index.ts, which the browser
// imports before hydrating), for the server to modulepreload the page's language
// (app/locales/message-chunks.server.ts, docs/decisions/017). React Router's manifest lists only
// static imports, so this plugin reads the client build's output and hands the file names to the
// server build, which React Router runs after the client build; in dev the chunk is the module itself.

const VIRTUAL = "virtual:message-chunks";
const RESOLVED = `\0${VIRTUAL}`;
const MESSAGES_ENTRY = /\/app\/locales\/([a-z]{2})\/index\.ts$/;

export function messageChunks(): Plugin {
  let dev = false;
  let base = "/";
  let root = "";
  let built: Record<string, string> | null = null;
  return {
    name: "tallyworth:message-chunks",
    configResolved(config) {
      dev = config.command === "serve";
      base = config.base;
      root = config.root;
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (dev) {
        const sources = Object.fromEntries(supportedLanguages.map((language) => [language, `${base}app/locales/${language}/index.ts`]));
        return `export default ${JSON.stringify(sources)};`;
      }
      if (!built || Object.keys(built).length === 0) this.error(`${VIRTUAL}: the client build found no messages chunk under ${root}/app/locales`);
      return `export default ${JSON.stringify(built)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      built = {};
      for (const chunk of Object.values(bundle)) {
        const language = chunk.type === "chunk" && chunk.facadeModuleId ? MESSAGES_ENTRY.exec(chunk.facadeModuleId)?.[1] : undefined;
        if (language) built[language] = `${base}${chunk.fileName}`;
      }
    },
  };
}
