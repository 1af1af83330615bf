import type { Messages } from "..";
import { auth } from "./auth";
import { common } from "./common";
import { dashboard } from "./dashboard";
import { errors } from "./errors";
import { validation } from "./validation";

export const es = { common, auth, dashboard, errors, validation } satisfies Messages;
