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
  ]),
  layout("routes/app-layout.tsx", [
    route("dashboard", "routes/dashboard/index.tsx"),
    route("profile", "routes/profile/index.tsx"),
    layout("routes/admin/layout.tsx", [
      route("admin", "routes/admin/index.tsx"),
      route("admin/users", "routes/admin/users.tsx"),
    ]),
  ]),
  ...prefix("resources", [
    route("theme", "routes/resources/theme.tsx"),
    route("language", "routes/resources/language.tsx"),
  ]),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
