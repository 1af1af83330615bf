import { auth } from "./auth";
import { categories } from "./categories";
import { common } from "./common";
import { errors } from "./errors";
import { money } from "./money";
import { validation } from "./validation";

// What any page may show (locales/sections.ts): the browser's first part of the messages.
export const shell = { common, auth, errors, validation, categories, money };
