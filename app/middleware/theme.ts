import { createContext, createCookie, type MiddlewareFunction } from "react-router";

export type ThemeChoice = "light" | "dark";
export const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === "light" || value === "dark";
}

/** The stored theme, or null to follow the system preference. */
export const themeContext = createContext<ThemeChoice | null>(null);

export const themeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const stored = await themeCookie.parse(request.headers.get("Cookie"));
  context.set(themeContext, isThemeChoice(stored) ? stored : null);
  return next();
};
