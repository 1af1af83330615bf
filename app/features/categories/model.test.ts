import { expect, test } from "vitest";
import { CATEGORY_ICON_NAMES, FALLBACK_CATEGORY_ICON } from "~/components/category-icon";
import { groupCategories } from "~/components/category-options";
import { resources } from "~/locales";
import { CATEGORY_ICONS, DEFAULT_CATEGORY_ICON, defaultNamed } from "./model";

test("every icon a category may store is drawn by its own picture, and nothing else is offered", () => {
  expect([...CATEGORY_ICON_NAMES].sort()).toEqual([...CATEGORY_ICONS].sort());
});

test("a category whose stored icon is unknown is drawn with the default icon new categories get", () => {
  expect(FALLBACK_CATEGORY_ICON).toBe(DEFAULT_CATEGORY_ICON);
});

test("a name is a default's when it folds to the default's stored name or its name in any language", () => {
  const defaults = [
    { id: "default-education", name: "Education" },
    { id: "default-food", name: "Food & Dining" },
  ];
  const names = [resources.en.translation.categoryNames, resources.es.translation.categoryNames];
  expect(defaultNamed("educación", defaults, names)?.id).toBe("default-education");
  expect(defaultNamed("EDUCACION", defaults, names)?.id).toBe("default-education");
  expect(defaultNamed(" education ", defaults, names)?.id).toBe("default-education");
  expect(defaultNamed("Comida y restaurantes", defaults, names)?.id).toBe("default-food");
  expect(defaultNamed("Educación superior", defaults, names)).toBeUndefined();
  expect(defaultNamed("Travel", defaults, names)).toBeUndefined();
});

test("a select's categories come in two groups, defaults and yours, each sorted by the shown name in the reader's language", () => {
  const categories = [
    { id: "u1", name: "zapatos" },
    { id: "default-travel", name: "Travel" },
    { id: "u2", name: "Ábaco" },
    { id: "default-education", name: "Education" },
    { id: "u3", name: "Bicicleta" },
  ];
  const shown = (c: { id: string; name: string }) => (c.id === "default-travel" ? "Viajes" : c.id === "default-education" ? "Educación" : c.name);
  const groups = groupCategories(categories, shown, "es");
  expect(groups.defaults.map((g) => g.name)).toEqual(["Educación", "Viajes"]);
  // "Ábaco" sorts with the a's, as a Spanish reader expects, not after "z".
  expect(groups.yours.map((g) => g.name)).toEqual(["Ábaco", "Bicicleta", "zapatos"]);
});
