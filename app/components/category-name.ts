import { useTranslation } from "~/locales/use-translation";

/** Default categories have ids of their own ("default-food"), by which their names are translated. */
export function isDefaultCategoryId(id: string): boolean {
  return id.startsWith("default-");
}

/**
 * A category's name in the user's language: default categories are stored in English and
 * translated by id; the user's own keep the name they typed.
 */
export function useCategoryName() {
  const { t } = useTranslation();
  return (category: { id: string; name: string }) =>
    isDefaultCategoryId(category.id) ? t(`categoryNames.${category.id}`, { defaultValue: category.name }) : category.name;
}
