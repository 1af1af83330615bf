// Default categories are stored in English; these are their names per language, by id. Part
// of the shell (locales/sections.ts): the list, the dashboard and the form show them too.
export const categoryNames = {
  "default-food": "Food & Dining",
  "default-housing": "Housing",
  "default-transport": "Transportation",
  "default-utilities": "Utilities",
  "default-entertainment": "Entertainment",
  "default-health": "Healthcare",
  "default-shopping": "Shopping",
  "default-education": "Education",
  "default-travel": "Travel",
  "default-salary": "Salary",
  "default-freelance": "Freelance",
  "default-investments": "Investments",
  "default-gifts": "Gifts",
};
