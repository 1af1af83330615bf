// What tests/setup/global-setup.ts provides to the workerd tests (`inject`), as their
// TypeScript project sees it; the Node project reads the declaration in global-setup.ts.
export {};

declare module "vitest" {
  export interface ProvidedContext {
    ratesProviderUrl: string;
    ratesProviderRefusedUrl: string;
    /** The fake mail API's base address (tests/fakes/mail-api.ts), http://127.0.0.1:<port>. */
    mailApiUrl: string;
    libsqlUrl: string;
  }
}
