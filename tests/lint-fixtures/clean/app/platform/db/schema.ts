export type Actor = { userId: string };
