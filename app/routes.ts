import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Mirrors the route table of SPEC.md section 2.
export default [
  index("routes/landing/index.tsx"),
  route("login", "routes/auth/login-alias.tsx"),
  route("register", "routes/auth/register-alias.tsx"),
  ...prefix("auth", [
    route("login", "routes/auth/login.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("logout", "routes/auth/logout.tsx"),
    // Password reset by mail (issue 25).
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    // The page a verification or email-change link opens (issue 25): GET shows, POST confirms.
    route("verify-email", "routes/auth/verify-email.tsx"),
  ]),
  // The footer's Help: public, for a first visit as much as for a signed-in user.
  route("help", "routes/help.tsx"),
  layout("routes/app-layout.tsx", [
    route("dashboard", "routes/dashboard/index.tsx"),
    route("expenses", "routes/transactions/list.tsx"),
    route("expenses/new", "routes/transactions/form.tsx"),
    route("expenses/edit/:id", "routes/transactions/form.tsx", { id: "transaction-edit" }),
    route("categories", "routes/categories/index.tsx"),
    route("tags", "routes/tags/index.tsx"),
    route("budgets", "routes/budgets/index.tsx"),
    route("recurring", "routes/recurring/index.tsx"),
    route("reports", "routes/reports/index.tsx"),
    route("profile", "routes/profile/index.tsx"),
    // The Export CSV link of /reports: a resource route (no page), guarded by this layout.
    route("reports/export", "routes/reports/export.ts"),
    // Issue 26: importing a CSV file (upload, map, preview, confirm, undo).
    route("import", "routes/import/index.tsx"),
    route("import/:id", "routes/import/import.tsx"),
    layout("routes/admin/layout.tsx", [
      route("admin", "routes/admin/index.tsx"),
      route("admin/users", "routes/admin/users.tsx"),
      route("admin/settings", "routes/admin/settings.tsx"),
    ]),
  ]),
  // The transaction form's rate lookup with JavaScript (JSON, session-guarded).
  route("expenses/rate", "routes/transactions/rate.ts"),
  // For machines: crawlers and automated clients (features/landing/model/crawlers.ts).
  route("robots.txt", "routes/resources/robots.ts"),
  route("llms.txt", "routes/resources/llms.ts"),
  // For phones: what adding the app to the home screen needs (issue 27).
  route("manifest.webmanifest", "routes/resources/manifest.ts"),
  ...prefix("resources", [
    route("theme", "routes/resources/theme.tsx"),
    route("language", "routes/resources/language.tsx"),
  ]),
  // The JSON API of spec section 7 (ARCHITECTURE.md 6): resource routes with bearer tokens.
  ...prefix("api", [
    ...prefix("auth", [
      route("register", "routes/api/auth/register.ts"),
      route("login", "routes/api/auth/login.ts"),
      route("logout", "routes/api/auth/logout.ts"),
      route("refresh-token", "routes/api/auth/refresh-token.ts"),
      route("forgot-password", "routes/api/auth/forgot-password.ts"),
      route("reset-password", "routes/api/auth/reset-password.ts"),
      // Address verification (issue 25).
      route("verify-email", "routes/api/auth/verify-email.ts"),
      route("resend-verification", "routes/api/auth/resend-verification.ts"),
    ]),
    ...prefix("users", [
      index("routes/api/users/index.ts"),
      route("profile", "routes/api/users/profile.ts"),
      route("password", "routes/api/users/password.ts"),
      route("activity", "routes/api/users/activity.ts"),
      route(":id", "routes/api/users/user.ts"),
    ]),
    ...prefix("categories", [
      index("routes/api/categories/index.ts"),
      route(":id", "routes/api/categories/category.ts"),
      route(":id/restore", "routes/api/categories/restore.ts"),
    ]),
    ...prefix("tags", [
      index("routes/api/tags/index.ts"),
      route(":id", "routes/api/tags/tag.ts"),
      route(":id/usage", "routes/api/tags/usage.ts"),
      route(":id/restore", "routes/api/tags/restore.ts"),
    ]),
    ...prefix("transactions", [
      index("routes/api/transactions/index.ts"),
      route("summary", "routes/api/transactions/summary.ts"),
      route("by-category", "routes/api/transactions/by-category.ts"),
      route("by-date-range", "routes/api/transactions/by-date-range.ts"),
      route(":id", "routes/api/transactions/transaction.ts"),
      route(":id/restore", "routes/api/transactions/restore.ts"),
    ]),
    ...prefix("budgets", [
      index("routes/api/budgets/index.ts"),
      route("progress", "routes/api/budgets/progress.ts"),
      route(":id", "routes/api/budgets/budget.ts"),
      route(":id/restore", "routes/api/budgets/restore.ts"),
    ]),
    ...prefix("savings-goals", [
      index("routes/api/savings-goals/index.ts"),
      route(":id", "routes/api/savings-goals/goal.ts"),
      route(":id/progress", "routes/api/savings-goals/progress.ts"),
      route(":id/restore", "routes/api/savings-goals/restore.ts"),
    ]),
    ...prefix("recurring-transactions", [
      index("routes/api/recurring-transactions/index.ts"),
      route(":id", "routes/api/recurring-transactions/schedule.ts"),
      route(":id/skip", "routes/api/recurring-transactions/skip.ts"),
      route(":id/post-now", "routes/api/recurring-transactions/post-now.ts"),
      route(":id/pause", "routes/api/recurring-transactions/pause.ts"),
      route(":id/resume", "routes/api/recurring-transactions/resume.ts"),
    ]),
    ...prefix("reports", [
      route("summary", "routes/api/reports/summary.ts"),
      route("categories", "routes/api/reports/categories.ts"),
      route("trends", "routes/api/reports/trends.ts"),
      route("export", "routes/api/reports/export.ts"),
    ]),
    ...prefix("currencies", [
      index("routes/api/currencies/index.ts"),
      route(":code", "routes/api/currencies/currency.ts"),
    ]),
    ...prefix("exchange-rates", [
      index("routes/api/exchange-rates/index.ts"),
      route("latest", "routes/api/exchange-rates/latest.ts"),
      route("history", "routes/api/exchange-rates/history.ts"),
    ]),
    // Issue 26: importing a CSV file.
    ...prefix("imports", [
      index("routes/api/imports/index.ts"),
      route(":id", "routes/api/imports/import.ts"),
      route(":id/commit", "routes/api/imports/commit.ts"),
      route(":id/undo", "routes/api/imports/undo.ts"),
    ]),
    // Issue 27: sample data (decision 040).
    route("sample-data", "routes/api/sample-data/index.ts"),
    route("openapi.json", "routes/api/openapi.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
