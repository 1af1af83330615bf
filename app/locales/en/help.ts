// The help page (/help): what the app does and where, for a first visit; public, in the footer.
export const help = {
  metaTitle: "Help",
  metaDescription:
    "How Tallyworth works: income and expenses in several currencies and their exchange rates, categories and tags, budgets and savings goals, reports and CSV export, on a phone and without JavaScript.",
  title: "Help",
  subtitle: "How Tallyworth works, one task at a time.",
  backHome: "Back to home",
  backDashboard: "Back to the dashboard",
  contents: "On this page",
  sections: {
    transactions: {
      title: "Record income and expenses",
      body: "Add a transaction with a description, a category, a date and an amount; an income category makes it income, any other an expense. One purchase paid partly in dollars and partly in pesos is one transaction with several payments. The transaction list searches descriptions and filters by type, dates, category, currency and tags; each filter in use shows above the list, with a ✕ to remove it.",
      link: "Add a transaction",
    },
    currencies: {
      title: "Currencies and exchange rates",
      body: "Every amount is kept exactly in its own currency, with its US dollar equivalent worked out once from the rate of its date (the latest rate on or before that day). New rates never change what you recorded. When no rate is known for a currency, the form asks you to type one: a missing rate is never taken as 1.",
      link: "See your transactions",
    },
    organise: {
      title: "Categories and tags",
      body: "The default categories are there from the start and cannot be changed; add your own, with a colour and an icon. Tags group transactions across categories (a trip, a project): each tag shows how many transactions carry it, and “View usage” lists them, each a link to the transaction.",
      link: "Manage categories",
    },
    budgets: {
      title: "Budgets and savings goals",
      body: "A budget sets a monthly limit in US dollars for an expense category. It warns when the share spent reaches its alert threshold (80 % unless you choose another) and says when it is over. A new month can copy the budgets of the month before. A savings goal has a target in any currency and an optional date; record what you add or withdraw, and it shows what is left and how much to put aside each month.",
      link: "Open budgets and goals",
    },
    reports: {
      title: "Reports and export",
      body: "Reports show a month, or any period up to five years: income, expenses and net in US dollars, each currency in its own units, and a chart of categories, of days or of the running balance, each beside the table of its figures. Export CSV downloads the period's transactions, one line per payment, for a spreadsheet.",
      link: "Open reports",
    },
    import: {
      title: "Import from a bank or another app",
      body: "Import reads a CSV file of up to 5 MB and 20,000 rows: a bank's statement (any separator, dates and decimals written the bank's way) or this app's own CSV export, which needs no mapping. You choose which column holds what, and can save that as a name for the next file. The preview marks every row new, duplicate or error with its line and reason; rows already in your account are left out unless you tick them, and a rate is never invented. You can undo an import within 7 days.",
      link: "Import a file",
    },
    access: {
      title: "On a phone, in Spanish, without JavaScript",
      body: "Every page works on a small screen and with JavaScript turned off: forms, filters, deletions and menus included. The header switches between English and Spanish and between a light and a dark theme, and remembers your choice.",
    },
    account: {
      title: "Your account",
      body: "Your profile holds your name and email, and a change of password there signs out your other devices. Its recent activity lists what was done with your account. Developers can reach the same data through the JSON API, described at /api/openapi.json.",
      link: "Open your profile",
    },
  },
  contact: {
    title: "Still stuck?",
    body: "Write to us and a person will answer.",
    link: "Write to us",
  },
};
