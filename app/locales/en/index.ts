import { auth } from "./auth";
import { common } from "./common";
import { dashboard } from "./dashboard";
import { errors } from "./errors";
import { validation } from "./validation";

export const en = { common, auth, dashboard, errors, validation };
