import { useTranslation } from "~/locales/use-translation";

/**
 * A category's name in the user's language: default categories are stored in English and
 * translated by id; the user's own keep the name they typed.
 */
export function useCategoryName() {
  const { t } = useTranslation();
  return (category: { id: string; name: string }) =>
    category.id.startsWith("default-") ? t(`categoryNames.${category.id}`, { defaultValue: category.name }) : category.name;
}
