export const findCategory = (id: string) => id;
