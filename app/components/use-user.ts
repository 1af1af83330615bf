import { useRouteLoaderData } from "react-router";
import type { PublicUser } from "~/auth/public-user";

type RootData = { user: PublicUser | null };

export function useOptionalUser(): PublicUser | null {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}

/** For components under the signed-in layout, where a user is guaranteed. */
export function useUser(): PublicUser {
  const user = useOptionalUser();
  if (!user) throw new Error("useUser used outside the signed-in layout");
  return user;
}
