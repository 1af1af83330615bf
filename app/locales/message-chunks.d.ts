// Written by scripts/vite-message-chunks.ts: each language's messages chunk, by language.
declare module "virtual:message-chunks" {
  const chunks: Record<string, string>;
  export default chunks;
}
