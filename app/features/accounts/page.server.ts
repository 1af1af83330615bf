import { createCookie } from "react-router";

// The dashboard's "confirm your address" banner, dismissed (issue 25): a cookie of this browser
// naming the user who dismissed it, so it works without JavaScript (a form POST sets it) and
// another account signed in on the same browser still sees its own banner. A cookie rather than a
// column: the banner is a reminder, not account state, and the profile keeps saying the address
// is not verified (with its own "Send again").
const dismissedCookie = createCookie("verify_banner_dismissed", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 30,
});

export async function verifyBannerDismissed(request: Request, userId: string): Promise<boolean> {
  return (await dismissedCookie.parse(request.headers.get("Cookie"))) === userId;
}

export function dismissVerifyBannerCookie(userId: string, secure: boolean): Promise<string> {
  return dismissedCookie.serialize(userId, { secure });
}
