// The Budgets & Goals page (/budgets) and its API messages (issue 12).
export const budgets = {
  metaTitle: "Budgets & Goals",
  messages: {
    created: "Budget created successfully!",
    updated: "Budget updated successfully!",
    deleted: "Budget deleted successfully!",
    copied_one: "Copied {{count}} budget from {{month}}",
    copied_other: "Copied {{count}} budgets from {{month}}",
    copiedNone: "Nothing to copy: {{month}} has no budgets that this month lacks",
    goalCreated: "Savings goal created successfully!",
    goalUpdated: "Savings goal updated successfully!",
    goalDeleted: "Savings goal deleted successfully!",
    goalProgress: "Progress recorded",
  },
};
