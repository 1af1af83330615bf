export const toMinor = (text: string) => Number.parseInt(text, 10); // lint-ignore no-float-money
// lint-ignore-next-line no-console-log
console.log("allowed on purpose");
