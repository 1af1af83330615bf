import { redirectSignedIn } from "~/auth/guards.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  return null;
}

export default function Landing() {
  return <main id="main">Landing</main>;
}
