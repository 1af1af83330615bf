import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/text/plain-text";
import { PASSWORD_MAX } from "~/auth/password-limit";
import { canonicalTimeZone } from "~/calendar/time-zones";
import { adminRowChanges, EMAIL_MAX, NAME_MAX, normalizeEmail, UNLOCK, type AdminChangeIntent, type RowIntent } from "./model";

// Error messages are locale keys (locales/*/validation.ts); the UI and the API translate them.
// Spec section 5 runs the registration checks in a fixed order and shows the first failure,
// so the checks live in one ordered list rather than as independent field rules.

// No whitespace and no control characters anywhere in an address.
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

const text = z.string().optional().default("");

type Check<T> = { path: keyof T & string; message: string; fails: (v: T) => boolean };

function firstFailure<T extends Record<string, unknown>>(checks: Check<T>[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    const failed = checks.find((c) => c.fails(value));
    if (failed) ctx.addIssue({ code: "custom", path: [failed.path], message: failed.message });
  };
}

type Identity = { firstName: string; lastName: string; email: string };

/** The name and email checks, in the order registration and the profile form both run them. */
const identityChecks: Check<Identity>[] = [
  { path: "firstName", message: "validation.firstNameRequired", fails: (v) => !v.firstName.trim() },
  { path: "firstName", message: "validation.tooLong", fails: (v) => v.firstName.trim().length > NAME_MAX },
  { path: "firstName", message: CONTROL_CHARACTERS_MESSAGE, fails: (v) => hasControlCharacters(v.firstName.trim()) },
  { path: "lastName", message: "validation.lastNameRequired", fails: (v) => !v.lastName.trim() },
  { path: "lastName", message: "validation.tooLong", fails: (v) => v.lastName.trim().length > NAME_MAX },
  { path: "lastName", message: CONTROL_CHARACTERS_MESSAGE, fails: (v) => hasControlCharacters(v.lastName.trim()) },
  { path: "email", message: "validation.emailRequired", fails: (v) => !v.email.trim() },
  {
    path: "email",
    message: "validation.emailInvalid",
    fails: (v) => !EMAIL_PATTERN.test(v.email.trim()) || v.email.trim().length > EMAIL_MAX,
  },
];

const registrationChecks: Check<Identity & { password: string; confirmPassword: string; terms: boolean }>[] = [
  ...identityChecks,
  { path: "password", message: "validation.passwordMin", fails: (v) => v.password.length < 8 },
  { path: "password", message: "validation.passwordTooLong", fails: (v) => v.password.length > PASSWORD_MAX },
  { path: "password", message: "validation.passwordUppercase", fails: (v) => !/[A-Z]/.test(v.password) },
  { path: "password", message: "validation.passwordNumber", fails: (v) => !/\d/.test(v.password) },
  { path: "confirmPassword", message: "validation.passwordsDoNotMatch", fails: (v) => v.password !== v.confirmPassword },
  { path: "terms", message: "validation.termsRequired", fails: (v) => !v.terms },
];

const normalizeIdentity = (v: Identity) => ({ firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: normalizeEmail(v.email) });

const normalizeRegistration = (v: Identity & { password: string }) => ({ ...normalizeIdentity(v), password: v.password });

/**
 * The registration form's time zone: the browser's (Intl.DateTimeFormat().resolvedOptions()
 * .timeZone, filled in by the page's script). Without JavaScript, or with a name that is no zone,
 * it is UTC: nobody can fix a field they never saw, so it is never an error (decision 032).
 */
const browserTimeZone = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? canonicalTimeZone(value.trim()) : null) ?? undefined);

export const registerSchema = z
  .object({
    firstName: text,
    lastName: text,
    email: text,
    password: text,
    confirmPassword: text,
    terms: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
    timeZone: browserTimeZone,
  })
  .superRefine(firstFailure(registrationChecks))
  // A zone only when the browser gave a real one; the account's column defaults to UTC.
  .transform((v) => ({ ...normalizeRegistration(v), ...(v.timeZone === undefined ? {} : { timeZone: v.timeZone }) }));

/**
 * The user's time zone on the profile (form and API): an IANA name ("America/Caracas"), stored as
 * the runtime spells it; left out, it stays as it is. Anything else is refused on the field.
 */
const timeZoneField = z
  .string({ error: "validation.timeZoneInvalid" })
  .trim()
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone === null) ctx.addIssue({ code: "custom", message: "validation.timeZoneInvalid" });
    return zone ?? z.NEVER;
  })
  .optional()
  .meta({ type: "string", description: "An IANA time zone name (\"America/Caracas\", \"UTC\"): the user's today is the date there. Left out, it does not change", example: "America/Caracas" });

/**
 * The JSON API's register payload has no confirmation or terms fields (spec section 7). Its
 * optional `timeZone` is the web form's hidden field made explicit: a client that sends one means
 * it, so a name that is no zone is refused on the field (400); left out, the account is in UTC.
 */
export const apiRegisterSchema = z
  .object({
    firstName: text,
    lastName: text,
    email: text,
    password: text,
    timeZone: timeZoneField.meta({ type: "string", description: "An IANA time zone name (\"America/Caracas\", \"UTC\"): the user's today is the date there. Left out, UTC", example: "America/Caracas" }),
  })
  .transform((v) => ({ ...v, confirmPassword: v.password, terms: true }))
  .superRefine(firstFailure(registrationChecks))
  .transform((v) => ({ ...normalizeRegistration(v), ...(v.timeZone === undefined ? {} : { timeZone: v.timeZone }) }));

export const loginSchema = z.object({
  email: z
    .string({ error: "validation.emailRequired" })
    .trim()
    .min(1, "validation.emailRequired")
    .max(EMAIL_MAX, "validation.emailInvalid")
    .regex(EMAIL_PATTERN, "validation.emailInvalid")
    .transform(normalizeEmail),
  password: z.string({ error: "validation.passwordRequired" }).min(1, "validation.passwordRequired").max(PASSWORD_MAX, "validation.passwordTooLong"),
  remember: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional().default(false),
  redirectTo: z.string().optional(),
});

export const profileSchema = z
  .object({ firstName: text, lastName: text, email: text, timeZone: timeZoneField })
  .superRefine(firstFailure(identityChecks))
  .transform((v) => ({ ...normalizeIdentity(v), ...(v.timeZone === undefined ? {} : { timeZone: v.timeZone }) }));

type PasswordChange = { currentPassword: string; newPassword: string; confirmPassword: string };
const passwordChangeChecks: Check<PasswordChange>[] = [
  { path: "currentPassword", message: "validation.currentPasswordRequired", fails: (v) => !v.currentPassword },
  { path: "currentPassword", message: "validation.passwordTooLong", fails: (v) => v.currentPassword.length > PASSWORD_MAX },
  { path: "newPassword", message: "validation.newPasswordRequired", fails: (v) => !v.newPassword },
  { path: "newPassword", message: "validation.newPasswordMin", fails: (v) => v.newPassword.length < 8 },
  { path: "newPassword", message: "validation.passwordTooLong", fails: (v) => v.newPassword.length > PASSWORD_MAX },
  { path: "newPassword", message: "validation.newPasswordUppercase", fails: (v) => !/[A-Z]/.test(v.newPassword) },
  { path: "newPassword", message: "validation.newPasswordNumber", fails: (v) => !/\d/.test(v.newPassword) },
  { path: "confirmPassword", message: "validation.passwordsDoNotMatch", fails: (v) => v.newPassword !== v.confirmPassword },
];

export const passwordChangeSchema = z
  .object({ currentPassword: text, newPassword: text, confirmPassword: text })
  .superRefine(firstFailure(passwordChangeChecks));

/** The API's password payload has no confirmation (spec section 7). */
export const apiPasswordChangeSchema = z
  .object({ currentPassword: text, newPassword: text })
  .transform((v) => ({ ...v, confirmPassword: v.newPassword }))
  .superRefine(firstFailure(passwordChangeChecks));

export const adminActionSchema = z.object({
  intent: z.enum([UNLOCK, ...(Object.keys(adminRowChanges) as AdminChangeIntent[])] as [RowIntent, ...RowIntent[]]),
  userId: z.string().min(1).max(100),
});
