import { getInstance } from "~/middleware/i18n";
export const translatorOf = getInstance;
