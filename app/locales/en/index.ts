import { admin } from "./admin";
import { auth } from "./auth";
import { common } from "./common";
import { dashboard } from "./dashboard";
import { errors } from "./errors";
import { landing } from "./landing";
import { profile } from "./profile";
import { validation } from "./validation";

export const en = { common, auth, dashboard, errors, landing, profile, admin, validation };
