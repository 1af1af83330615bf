import { useTranslation } from "~/locales/use-translation";
import { isDefaultCategoryId, useCategoryName } from "./category-name";

/**
 * A select's categories in two groups, the defaults and the user's own, each sorted by the name
 * shown (in the reader's language, by its collation); `nameOf` gives that name. Issue 23: a
 * user's "Educación" beside the default one could not be told apart.
 */
export function groupCategories<T extends { id: string }>(categories: readonly T[], nameOf: (category: T) => string, locale: string) {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const sorted = (list: T[]) =>
    list
      .map((category) => ({ category, name: nameOf(category) }))
      .sort((a, b) => collator.compare(a.name, b.name) || (a.category.id < b.category.id ? -1 : a.category.id > b.category.id ? 1 : 0));
  return {
    defaults: sorted(categories.filter((c) => isDefaultCategoryId(c.id))),
    yours: sorted(categories.filter((c) => !isDefaultCategoryId(c.id))),
  };
}

/**
 * The options of a category select: an <optgroup> of the defaults and one of the user's own
 * (an empty group is left out). `labels` names the two groups when the select has more than one
 * pair (the list filter's expense and income categories).
 */
export function CategoryOptions({
  categories,
  labels,
}: {
  categories: readonly { id: string; name: string }[];
  labels?: { defaults: string; yours: string };
}) {
  const { t, i18n } = useTranslation();
  const displayName = useCategoryName();
  const groups = groupCategories(categories, displayName, i18n.language);
  const names = labels ?? { defaults: t("common.categoryGroups.defaults"), yours: t("common.categoryGroups.yours") };
  return (
    <>
      {groups.defaults.length ? (
        <optgroup label={names.defaults}>
          {groups.defaults.map(({ category, name }) => (
            <option key={category.id} value={category.id}>
              {name}
            </option>
          ))}
        </optgroup>
      ) : null}
      {groups.yours.length ? (
        <optgroup label={names.yours}>
          {groups.yours.map(({ category, name }) => (
            <option key={category.id} value={category.id}>
              {name}
            </option>
          ))}
        </optgroup>
      ) : null}
    </>
  );
}
