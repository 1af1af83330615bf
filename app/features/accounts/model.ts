import { SEARCH_MAX } from "~/text/search-text";

// The accounts model without zod (the schemas are in schemas.ts): the admin users page and the
// password checklist import this and download no schema library.

/** The password checklist the register and profile forms show as the user types. */
export const passwordRules = [
  { key: "length", test: (p: string) => p.length >= 8 },
  { key: "uppercase", test: (p: string) => /[A-Z]/.test(p) },
  { key: "number", test: (p: string) => /\d/.test(p) },
] as const;

/** The profile page's two forms, told apart by their submit button's intent. */
export const UPDATE_PROFILE = "update-profile";
export const CHANGE_PASSWORD = "change-password";

export type AdminChange = { role?: "superadmin" | "user"; isActive?: boolean };

/** The /admin/users row buttons: each intent is one change, or the sign-in unlock. */
export const adminRowChanges = {
  "make-superadmin": { role: "superadmin" },
  "make-user": { role: "user" },
  deactivate: { isActive: false },
  reactivate: { isActive: true },
} satisfies Record<string, AdminChange>;
export type AdminChangeIntent = keyof typeof adminRowChanges;

export const UNLOCK = "unlock";
/** Mails the user a password reset link (issue 25). */
export const SEND_RESET = "send-reset";
export type RowIntent = AdminChangeIntent | typeof UNLOCK | typeof SEND_RESET;

/** A user as the admin list shows them. */
export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isActive: boolean;
  /** Five failed sign-ins from browsers the owner never used: they would get 429 now. */
  signInLocked: boolean;
  createdAt: Date;
};

export const NAME_MAX = 100;

export const EMAIL_MAX = 254;

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/** The signed-in user as the profile page shows them. */
export type ProfileUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  timeZone: string;
  /** Issue 25: whether the address was confirmed by its mailed link, and a new one waiting for its link. */
  emailVerified?: boolean;
  pendingEmail?: string | null;
};

/** The profile's "Send again" of the verification link (issue 25). */
export const RESEND_VERIFICATION_INTENT = "resend-verification";

/** One entry of the activity log as the profile page and the API read it. */
export type ActivityEntry = {
  id: string;
  action: string;
  /** English, as written (the API's description). */
  description: string;
  /** The values the page renders the entry from in the reader's language (decision 025); null for an old entry read as stored. */
  details: Record<string, string | number> | null;
  ipAddress: string | null;
  timestamp: Date;
};

/** The admin list's filters from its URL. A search over SEARCH_MAX characters is not applied, and the page says so. */
export function readUserFilters(params: URLSearchParams) {
  const typed = (params.get("q") ?? "").trim();
  const searchTooLong = typed.length > SEARCH_MAX;
  const roleParam = params.get("role");
  const role = roleParam === "superadmin" || roleParam === "user" ? roleParam : "";
  return { q: searchTooLong ? "" : typed, searchTooLong, role } as const;
}

/**
 * The links mailed to a user (issue 25), one kind per purpose. Each is valid for its time and for
 * one use, and a newer one of the same purpose replaces the older (the older is deleted, so it
 * reads as unknown).
 */
export const ACCOUNT_TOKEN_TTL_MS = {
  password_reset: 60 * 60 * 1000,
  email_verification: 7 * 24 * 60 * 60 * 1000,
  email_change: 7 * 24 * 60 * 60 * 1000,
} as const;
export type AccountTokenPurpose = keyof typeof ACCOUNT_TOKEN_TTL_MS;

export type AccountTokenState = "valid" | "expired" | "used" | "unknown";

/** A stored token's state at `now`: valid strictly before its expiry, to the millisecond; a used one stays used. */
export function accountTokenState(token: { expiresAt: Date; usedAt: Date | null } | null | undefined, now: Date): AccountTokenState {
  if (!token) return "unknown";
  if (token.usedAt) return "used";
  return now.getTime() < token.expiresAt.getTime() ? "valid" : "expired";
}
