// Written by scripts/vite-message-chunks.ts: the URL of a part of a language's messages
// (app/locales/{language}/{stem}.ts) as the browser imports it.
declare module "virtual:message-chunks" {
  const chunkUrl: (language: string, stem: string) => string | undefined;
  export default chunkUrl;
}
