import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { messageChunks } from "./scripts/vite-message-chunks.ts";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Browser tests run on a throwaway database of their own (scripts/e2e.mjs).
      persistState: process.env.PERSIST_TO ? { path: process.env.PERSIST_TO } : true,
    }),
    tailwindcss(),
    reactRouter(),
    messageChunks(),
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        // zod's builders have no side effects: a schema that only the server uses (an API
        // parameter, a loader's URL parsing) is left out of the browser's bundle, and with it zod
        // on pages whose forms do not validate in the browser.
        rolldownOptions: { treeshake: { manualPureFunctions: ["z"] } },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 8787), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
});
