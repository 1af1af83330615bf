import { createContext } from "react-router";

/** The raw Worker bindings; only workers/app.ts sets it, middleware turns it into typed services. */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();
