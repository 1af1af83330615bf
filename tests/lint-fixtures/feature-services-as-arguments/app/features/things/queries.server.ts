import { dbOf } from "~/middleware/db";
export const db = dbOf;
