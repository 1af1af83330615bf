import type { Actor } from "~/platform/db/schema";
import { createThing } from "~/features/things/commands.server";
export const action = (actor: Actor) => createThing(actor);
