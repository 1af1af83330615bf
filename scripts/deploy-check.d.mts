// Types for scripts/deploy-check.mjs, so its tests (scripts/deploy-check.test.ts) typecheck.
export type WorkerSize = { bytes: number; gzipBytes: number };
export declare const WORKER_LIMITS: { gzipBytes: number; bytes: number };
export declare const SECRET_NAMES: readonly string[];
export declare const OFFLINE_ENV: Record<string, string>;
export declare function measureWorker(dir: string, main?: string): WorkerSize & { files: string[] };
export declare function sizeVerdict(size: WorkerSize, limits?: { gzipBytes: number; bytes: number }): { ok: boolean; message: string };
export declare function secretsInVars(config: { vars?: Record<string, unknown> }): string[];
export declare function checkDeploy(configPath: string): string;
