export const dashboard = {
  metaTitle: "Dashboard",
  greeting: "Welcome back, {{name}}!",
  overview: "Here is your overview for {{month}}.",
  memberSince: "Member since {{date}}",
  profileButton: "Profile",
  quick: {
    title: "Quick actions",
    newTransaction: "New transaction",
    viewAll: "View all transactions",
    reports: "Reports",
    budgets: "Budgets & Goals",
  },
};
