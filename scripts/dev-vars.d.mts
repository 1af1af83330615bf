// Types for scripts/dev-vars.mjs, so its tests (scripts/dev-vars.test.ts) typecheck.
export declare const PASSED_VARS: readonly string[];
export declare function withPassedVars(current: string, env: Record<string, string | undefined>, options?: { appUrl?: string }): string;
