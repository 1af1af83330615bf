// The zod-free part of the accounts model (model.ts re-exports it): the admin users page and
// the password checklist import this and download no schema library.

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
export type RowIntent = AdminChangeIntent | typeof UNLOCK;

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
