import type { Plugin } from "vite";

// The URL of each part of each language's messages (app/locales/{en,es}/shell.ts and the page
// sections, which the browser imports before hydrating), for the server to modulepreload the
// page's parts (entry.server.tsx, docs/decisions/017). React Router's manifest lists only static
// imports, so this plugin reads the client build's output and hands the file names to the server
// build, which React Router runs after the client build; in dev each part is its module.
// `virtual:message-chunks` exports (language, file stem) → URL or undefined.

const VIRTUAL = "virtual:message-chunks";
const RESOLVED = `\0${VIRTUAL}`;
const MESSAGES_PART = /\/app\/locales\/([a-z]{2})\/([a-z-]+)\.ts$/;

export function messageChunks(): Plugin {
  let dev = false;
  let base = "/";
  let built: Record<string, Record<string, string>> | null = null;
  return {
    name: "tallyworth:message-chunks",
    configResolved(config) {
      dev = config.command === "serve";
      base = config.base;
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (dev) return `export default (language, stem) => ${JSON.stringify(`${base}app/locales/`)} + language + "/" + stem + ".ts";`;
      if (!built?.en?.shell) this.error(`${VIRTUAL}: the client build has no chunk for app/locales/en/shell.ts`);
      return `const chunks = ${JSON.stringify(built)};\nexport default (language, stem) => chunks[language]?.[stem];`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      built = {};
      for (const chunk of Object.values(bundle)) {
        const part = chunk.type === "chunk" && chunk.facadeModuleId ? MESSAGES_PART.exec(chunk.facadeModuleId) : null;
        if (part) (built[part[1]!] ??= {})[part[2]!] = `${base}${chunk.fileName}`;
      }
    },
  };
}
