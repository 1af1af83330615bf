import { useTranslation } from "~/locales/use-translation";
import type { ImportMessage } from "../model/read";

/** An import message (a key under `import.` and its values) in the page's language. */
export function useImportMessage() {
  const { t } = useTranslation();
  return (message: ImportMessage) => t(message.key, message.values);
}
