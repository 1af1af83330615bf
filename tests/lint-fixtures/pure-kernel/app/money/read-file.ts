import { readFileSync } from "node:fs";
export const rates = () => readFileSync("rates.json", "utf8");
