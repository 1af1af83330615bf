import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/platform/db/schema.ts",
  out: "./migrations",
});
