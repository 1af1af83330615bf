import { redirect } from "react-router";
import type { Route } from "./+types/login-alias";

export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/auth/login${new URL(request.url).search}`);
}
