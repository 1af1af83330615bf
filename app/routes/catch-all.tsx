import { redirect } from "react-router";

// Spec section 2: any path outside the route table goes to the landing page.
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
