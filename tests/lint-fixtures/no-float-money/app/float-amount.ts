export const amount = (text: string) => parseFloat(text);
