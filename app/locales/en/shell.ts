import { categoryNames } from "./category-names";
import { common } from "./common";
import { errors } from "./errors";
import { money } from "./money";
import { validation } from "./validation";

// What any page may show (locales/sections.ts): the browser's first part of the messages.
export const shell = { common, errors, validation, categoryNames, money };
