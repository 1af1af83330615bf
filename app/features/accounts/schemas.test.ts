import { expect, test } from "vitest";
import { apiRegisterSchema, loginSchema, passwordChangeSchema, profileSchema, registerSchema } from "./schemas";

const valid = {
  firstName: " Ana ",
  lastName: "Pérez",
  email: " Ana@Example.COM ",
  password: "Secret123",
  confirmPassword: "Secret123",
  terms: "on",
};

function firstError(schema: typeof registerSchema, input: Record<string, unknown>) {
  const r = schema.safeParse(input);
  return r.success ? null : { path: r.error.issues[0]!.path.join("."), message: r.error.issues[0]!.message, count: r.error.issues.length };
}

test("a valid registration is trimmed and its email lower-cased", () => {
  expect(registerSchema.parse(valid)).toEqual({ firstName: "Ana", lastName: "Pérez", email: "ana@example.com", password: "Secret123" });
});

test("registration reports only the first failing check, in the spec's order", () => {
  expect(firstError(registerSchema, {})).toEqual({ path: "firstName", message: "validation.firstNameRequired", count: 1 });
  expect(firstError(registerSchema, { ...valid, lastName: "", email: "" })).toMatchObject({ message: "validation.lastNameRequired" });
  expect(firstError(registerSchema, { ...valid, email: "a@b" })).toMatchObject({ message: "validation.emailInvalid" });
  expect(firstError(registerSchema, { ...valid, password: "Ab1", confirmPassword: "x" })).toMatchObject({
    message: "validation.passwordMin",
  });
  expect(firstError(registerSchema, { ...valid, password: "abcdefg1", confirmPassword: "abcdefg1" })).toMatchObject({
    message: "validation.passwordUppercase",
  });
  expect(firstError(registerSchema, { ...valid, password: "Abcdefgh", confirmPassword: "Abcdefgh" })).toMatchObject({
    message: "validation.passwordNumber",
  });
  expect(firstError(registerSchema, { ...valid, confirmPassword: "Secret124", terms: undefined })).toEqual({
    path: "confirmPassword",
    message: "validation.passwordsDoNotMatch",
    count: 1,
  });
  expect(firstError(registerSchema, { ...valid, terms: undefined })).toMatchObject({ path: "terms", message: "validation.termsRequired" });
});

test("the API registration needs no confirmation or terms", () => {
  const { confirmPassword: _c, terms: _t, ...api } = valid;
  expect(apiRegisterSchema.parse(api)).toMatchObject({ email: "ana@example.com" });
  expect(apiRegisterSchema.safeParse({ ...api, password: "short" }).success).toBe(false);
});

test("login needs an email-shaped email and a password", () => {
  expect(loginSchema.safeParse({ email: "x", password: "p" }).success).toBe(false);
  expect(loginSchema.safeParse({ email: "a@b.co", password: "" }).success).toBe(false);
  expect(loginSchema.parse({ email: " A@B.CO ", password: "p", remember: "on" })).toMatchObject({ email: "a@b.co", remember: true });
});

test("profile and password change use the spec's messages", () => {
  const p = profileSchema.safeParse({ firstName: "A", lastName: "B", email: "nope" });
  expect(p.success ? null : p.error.issues[0]!.message).toBe("validation.emailInvalid");
  const cases: Array<[Record<string, string>, string]> = [
    [{}, "validation.currentPasswordRequired"],
    [{ currentPassword: "x" }, "validation.newPasswordRequired"],
    [{ currentPassword: "x", newPassword: "Ab1" }, "validation.newPasswordMin"],
    [{ currentPassword: "x", newPassword: "abcdefg1" }, "validation.newPasswordUppercase"],
    [{ currentPassword: "x", newPassword: "Abcdefgh" }, "validation.newPasswordNumber"],
    [{ currentPassword: "x", newPassword: "Abcdefg1", confirmPassword: "Abcdefg2" }, "validation.passwordsDoNotMatch"],
  ];
  for (const [input, message] of cases) {
    const r = passwordChangeSchema.safeParse(input);
    expect(r.success ? null : r.error.issues[0]!.message).toBe(message);
  }
});

test("names refuse control characters (line breaks and tabs too) and emails refuse them anywhere", () => {
  const messages = (input: Record<string, unknown>) => registerSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);
  expect(messages({ firstName: "Ana\u0000" })).toEqual(["validation.controlCharacters"]);
  expect(messages({ lastName: "Pé\nrez" })).toEqual(["validation.controlCharacters"]);
  expect(messages({ email: "a\u0001b@example.com" })).toEqual(["validation.emailInvalid"]);
  expect(profileSchema.safeParse({ firstName: "A\tB", lastName: "C", email: "a@b.co" }).error?.issues.map((i) => i.message)).toEqual([
    "validation.controlCharacters",
  ]);
  expect(loginSchema.safeParse({ email: "a\u0000b@example.com", password: "x" }).success).toBe(false);
});

test("passwords are capped at 256 characters on register, login and password change, with their own message", () => {
  const long = `Aa1${"x".repeat(254)}`;
  const longest = long.slice(0, 256);
  expect(long).toHaveLength(257);
  expect(firstError(registerSchema, { ...valid, password: long, confirmPassword: long })).toMatchObject({
    path: "password",
    message: "validation.passwordTooLong",
  });
  expect(registerSchema.safeParse({ ...valid, password: longest, confirmPassword: longest }).success).toBe(true);
  const login = loginSchema.safeParse({ email: "a@b.co", password: long });
  expect(login.success ? null : login.error.issues[0]!.message).toBe("validation.passwordTooLong");
  expect(loginSchema.safeParse({ email: "a@b.co", password: longest }).success).toBe(true);
  const current = passwordChangeSchema.safeParse({ currentPassword: long, newPassword: "Abcdefg1", confirmPassword: "Abcdefg1" });
  expect(current.success ? null : current.error.issues[0]).toMatchObject({ path: ["currentPassword"], message: "validation.passwordTooLong" });
  const next = passwordChangeSchema.safeParse({ currentPassword: "x", newPassword: long, confirmPassword: long });
  expect(next.success ? null : next.error.issues[0]).toMatchObject({ path: ["newPassword"], message: "validation.passwordTooLong" });
});

test("registration takes the browser's time zone as the runtime spells it, and none (UTC) when the field is missing, empty or not a zone", () => {
  expect(registerSchema.parse({ ...valid, timeZone: "America/Caracas" }).timeZone).toBe("America/Caracas");
  expect(registerSchema.parse({ ...valid, timeZone: "america/caracas" }).timeZone).toBe("America/Caracas");
  for (const timeZone of [undefined, "", "Mars/Olympus", "+04:00"]) {
    expect(registerSchema.safeParse({ ...valid, timeZone }).success).toBe(true);
    expect(registerSchema.parse({ ...valid, timeZone }).timeZone).toBeUndefined();
  }
});

test("the profile takes an IANA time zone, keeps the stored one when it is left out, and refuses anything else on the field", () => {
  const identity = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com" };
  expect(profileSchema.parse({ ...identity, timeZone: "Pacific/Kiritimati" })).toEqual({ ...identity, timeZone: "Pacific/Kiritimati" });
  expect(profileSchema.parse(identity)).toEqual(identity);
  for (const timeZone of ["Mars/Olympus", "", "UTC+4", 5]) {
    const r = profileSchema.safeParse({ ...identity, timeZone });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["timeZone", "validation.timeZoneInvalid"]]);
  }
});
