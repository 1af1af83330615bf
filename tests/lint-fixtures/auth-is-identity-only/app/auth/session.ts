import { listThings } from "~/features/things/queries.server";
export const things = listThings;
