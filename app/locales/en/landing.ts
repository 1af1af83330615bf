export const landing = {
  metaTitle: "Tallyworth · Multi-currency finance tracker",
  metaDescription:
    "Track income and expenses in every currency you use, with budgets, goals, reports and CSV export. Try it free for 14 days, no credit card required.",
  signedOut: "You have been signed out.",
  nav: {
    label: "Landing page",
    features: "Features",
    pricing: "Pricing",
    testimonials: "Testimonials",
    signIn: "Sign In",
    getStarted: "Get Started",
    openMenu: "Open menu",
  },
  hero: {
    eyebrow: "Personal finance, in every currency",
    title: "Every currency you earn and spend, in one clear picture",
    body: "Record income and expenses in dollars, bolívares, pesos or euros. Tallyworth converts everything to USD so you always know where your money goes.",
    trial: "Start your 14-day free trial. No credit card required.",
    startTrial: "Start Free Trial",
    watchDemo: "View Demo",
  },
  overview: {
    title: "Monthly overview",
    sample: "Sample data",
    caption: "A preview with illustrative numbers, not real account data.",
    month: "Example month",
    income: "Income",
    expenses: "Expenses",
    net: "Net balance",
    byCurrency: "Sample transactions",
    description: "Description",
    currency: "Currency",
    amount: "Amount",
    usd: "In USD",
    rows: {
      salary: "Salary",
      freelance: "Freelance project",
      rent: "Rent",
      groceries: "Groceries",
      travel: "Weekend trip",
    },
  },
  features: {
    title: "Everything you need to manage money across borders",
    subtitle: "Built for people and small businesses who live in more than one currency.",
    items: {
      multiCurrency: {
        title: "Multi-currency tracking",
        body: "Record transactions in USD, EUR, VES, COP and more, with the exchange rate kept and the USD equivalent computed for you.",
      },
      analytics: {
        title: "Analytics & reports",
        body: "Monthly reports, spending by category and daily trends show where your money goes.",
      },
      budgets: {
        title: "Budgets & goals",
        body: "Set monthly budgets per category with alerts, and track savings goals with a target and a date.",
      },
      categories: {
        title: "Categories & tags",
        body: "Organise every transaction with coloured categories and flexible tags.",
      },
      mobile: {
        title: "Mobile-friendly design",
        body: "Add an expense from your phone the moment it happens; every screen adapts to your device.",
      },
      export: {
        title: "CSV export",
        body: "Export any monthly report as CSV for your spreadsheet or your accountant.",
      },
    },
  },
  pricing: {
    title: "Simple, transparent pricing",
    subtitle: "Every plan starts with a 14-day free trial. No credit card required.",
    billing: "Billing period",
    monthly: "Monthly",
    annual: "Annual",
    annualHint: "{{months}} months free",
    perMonth: "/month",
    perYear: "/year",
    billedMonthly: "Billed monthly",
    save: "Save {{amount}} a year",
    mostPopular: "Most popular",
    choose: "Get Started",
    plans: {
      basic: {
        name: "Basic",
        description: "For getting your personal finances in order.",
      },
      pro: {
        name: "Pro",
        description: "For people who earn and spend in many currencies.",
      },
      enterprise: {
        name: "Enterprise",
        description: "For small businesses and finance professionals.",
      },
    },
    featureList: {
      currencyLimit: "Up to {{limit}} currencies",
      unlimitedCurrencies: "Unlimited currencies",
      tracking: "Income & expense tracking",
      reports: "Monthly reports",
      csv: "CSV export",
      budgets: "Budgets & savings goals",
      analytics: "Advanced analytics",
      everythingInPro: "Everything in Pro",
      prioritySupport: "Priority support",
    },
  },
  testimonials: {
    title: "Loved by people who live in more than one currency",
    carousel: "Testimonials",
    slide: "Testimonial {{n}} of {{total}}",
    show: "Show testimonial {{n}}",
    pause: "Pause rotation",
    play: "Resume rotation",
    items: {
      maria: {
        name: "María González",
        role: "Freelance designer",
        quote:
          "I get paid in dollars and spend in bolívares. Tallyworth finally shows me what I really earn and spend each month.",
      },
      david: {
        name: "David Chen",
        role: "Small business owner",
        quote: "Budgets with alerts stopped our overspending, and the CSV export saves my accountant hours every month.",
      },
      laura: {
        name: "Laura Martínez",
        role: "Financial consultant",
        quote: "I recommend it to clients who move between Colombia and Europe. Pesos and euros side by side, all in USD.",
      },
    },
  },
  cta: {
    title: "Ready to take control of your money?",
    body: "Join today and start your 14-day free trial. No credit card required.",
    getStarted: "Get Started",
    contactSales: "Contact Sales",
  },
  footer: {
    tagline: "Personal finance for people who live in more than one currency.",
  },
};
