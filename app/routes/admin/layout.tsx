import { Outlet } from "react-router";
import { requireAdminMiddleware } from "~/auth/guards.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export default function AdminLayout() {
  return <Outlet />;
}
