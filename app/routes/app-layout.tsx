import { Outlet } from "react-router";
import { requireUserMiddleware } from "~/auth/guards.server";
import { AppFooter } from "~/components/app-footer";
import { AppHeader } from "~/components/app-header";
import { KeyboardShortcuts } from "~/components/shortcuts-dialog";
import type { Route } from "./+types/app-layout";

// Every page inside needs a signed-in user; the middleware runs before any child loader or action.
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export default function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
      <AppFooter />
      <KeyboardShortcuts />
    </div>
  );
}
