import { i18nMiddleware } from "~/middleware/i18n";
export const languageMiddleware = i18nMiddleware;
