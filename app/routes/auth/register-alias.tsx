import { redirect } from "react-router";
import type { Route } from "./+types/register-alias";

export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/auth/register${new URL(request.url).search}`);
}
