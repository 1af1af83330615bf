export const tableOwners: Record<string, string>;
export const joinedBy: Record<string, Record<string, string>>;
export function tableOwnerProblems(file: string, text: string): string[];
