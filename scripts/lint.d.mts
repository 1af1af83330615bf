// Types for scripts/lint.mjs, so its fixture tests (scripts/lint.test.ts) typecheck.
export type LintRule = { name: string; why: string };
export type LintProblem = { file: string; line: number; rule: string; message: string };
export declare const rules: readonly LintRule[];
export declare const directions: readonly LintRule[];
export declare function lint(root?: string): { files: number; problems: LintProblem[] };
export declare const vocabularyRule: string;
export declare const cycleRule: string;
