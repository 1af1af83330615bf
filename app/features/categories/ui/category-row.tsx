import type { ReactNode } from "react";
import { useTranslation } from "~/locales/use-translation";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { RowDeleteConfirm, RowEditDeleteLinks } from "~/components/editable-list";
import type { CategoryView } from "~/features/categories/model";

/** A category's name in the user's language (whole, wrapped on a phone) and its type, coloured by income or expense. */
export function CategoryLabel({ category }: { category: CategoryView }) {
  const { t } = useTranslation();
  const displayName = useCategoryName();
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{displayName(category)}</p>
      <p className={`text-xs font-medium ${category.type === "income" ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}>
        {t(`categories.types.${category.type}`)}
      </p>
    </div>
  );
}

/**
 * One of the user's own categories, with its edit and delete links or, while confirming, the
 * delete question; `confirmation` takes the question's place (a category in use, issue 23).
 */
export function CategoryRow({ category, confirming, confirmation }: { category: CategoryView; confirming: boolean; confirmation?: ReactNode }) {
  return (
    <div>
      {/* The name starts at 10rem (basis-40): on a phone Edit and Delete wrap to a line of their own
          (on the right) rather than squeeze a long name into pieces of words. */}
      <div className="flex flex-wrap items-center gap-3">
        <CategoryBadge icon={category.icon} color={category.color} />
        <div className="min-w-0 flex-1 basis-40">
          <CategoryLabel category={category} />
        </div>
        {confirming ? null : (
          <div className="ml-auto flex shrink-0 gap-2">
            <RowEditDeleteLinks page="/categories" id={category.id} name={category.name} messages="categories.yours" />
          </div>
        )}
      </div>
      {confirming ? (confirmation ?? <RowDeleteConfirm page="/categories" id={category.id} name={category.name} messages="categories.confirmDelete" />) : null}
    </div>
  );
}
