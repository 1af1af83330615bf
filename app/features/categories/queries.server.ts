import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { categories } from "~/platform/db/schema";
import { resources } from "~/locales";
import { nameKey } from "~/text/name-key";
import { type CategoryType, defaultNamed } from "./model";

// Categories are the user's own plus the shared defaults (user_id NULL, read-only).
// Every query names the owner; another user's category is not found, exactly like a missing one.

export const categoryColumns = {
  id: categories.id,
  name: categories.name,
  type: categories.type,
  color: categories.color,
  icon: categories.icon,
  isDefault: categories.isDefault,
  createdAt: categories.createdAt,
};

export type Category = {
  id: string;
  name: string;
  type: "expense" | "income";
  color: string;
  icon: string;
  isDefault: boolean;
  createdAt: Date;
};

const visibleTo = (userId: string) => or(eq(categories.userId, userId), and(isNull(categories.userId), eq(categories.isDefault, true)));

/** The user's categories and the defaults: defaults first, then by type and name. */
export function listCategories(db: Db, userId: string): Promise<Category[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(visibleTo(userId))
    .orderBy(desc(categories.isDefault), asc(categories.type), asc(categories.nameKey));
}

/** findCategory as one query, for a caller's batch: at most one row. */
export function findCategoryQuery(db: Db, userId: string, id: string) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.id, id), visibleTo(userId)))
    .limit(1);
}

/** findCategoryQuery for many ids at once (one JSON parameter), for a caller's batch: the ones the user may use. */
export function findCategoriesQuery(db: Db, userId: string, ids: readonly string[]) {
  return db
    .select(categoryColumns)
    .from(categories)
    // Found by id, checked for owner: as an index choice, the owner's condition would walk all
    // of the user's categories and all the defaults (owner-check.server.ts).
    .where(and(inList(categories.id, ids), or(ownerCheck(categories.userId, userId), sql`(+${categories.userId} is null and +${categories.isDefault} = 1)`)));
}

export async function findCategory(db: Db, userId: string, id: string): Promise<Category | undefined> {
  const [row] = await findCategoryQuery(db, userId, id);
  return row;
}


// A default category's name in each language (the locale files): a name that looks like one is that default.
const defaultNamesByLanguage = Object.values(resources).map((language) => language.translation.categoryNames as Record<string, string>);

/**
 * For each wanted (name, type), the category a row with that category name goes into: the user's
 * own of that type with the same name key, else the default that the name looks like (in any
 * language, accents and case aside: defaultNamed), else undefined (the caller creates it). An
 * import files its rows with it, so a category made since the file was staged is matched, not repeated.
 */
export async function categoriesNamed(db: Db, userId: string, wanted: readonly { name: string; type: CategoryType }[]): Promise<(Category | undefined)[]> {
  if (wanted.length === 0) return [];
  const visible = await listCategories(db, userId);
  const own = new Map(visible.filter((c) => !c.isDefault).map((c) => [`${c.type}:${nameKey(c.name)}`, c]));
  return wanted.map(({ name, type }) => own.get(`${type}:${nameKey(name)}`) ?? defaultNamed(name, visible.filter((c) => c.isDefault && c.type === type), defaultNamesByLanguage));
}
