import { createCookie, type MiddlewareFunction } from "react-router";
import { themeContext, type ThemeChoice } from "~/context.server";

export const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === "light" || value === "dark";
}

export const themeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const stored = await themeCookie.parse(request.headers.get("Cookie"));
  context.set(themeContext, isThemeChoice(stored) ? stored : null);
  return next();
};
