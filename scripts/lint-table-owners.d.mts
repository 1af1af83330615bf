export const tableOwners: Record<string, string>;
export const joinedBy: Record<string, Record<string, string>>;
export const tableOwnersRule: string;
export type TableOwnerProblem = { file: string; line: number; rule: string; message: string };
export function tableOwnerProblems(file: string, text: string): TableOwnerProblem[];
