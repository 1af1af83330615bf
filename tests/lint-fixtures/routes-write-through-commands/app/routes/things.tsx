import { sql } from "drizzle-orm";
export const count = sql`select count(*) from things`;
