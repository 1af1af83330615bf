import { expect, test } from "vitest";
import { accountMail, escapeHtml, validityText } from "./account-mail";
import { passwordChangedMail, passwordResetMail } from "./password-mail";
import { serverTranslator } from "~/locales/server-translators";

const link = "https://app.example/auth/reset-password?token=abc_DEF-123";

test("the reset message in English names the product, the account, the link, its 60 minutes and the advice, in text and HTML", () => {
  const mail = passwordResetMail({ email: "ana@example.com", firstName: "Ana", language: "en" }, link);
  expect(mail).toMatchObject({ to: "ana@example.com", subject: "Reset your Tallyworth password", locale: "en" });
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain("Tallyworth");
    expect(part).toContain("Hello Ana,");
    expect(part).toContain("ana@example.com");
    expect(part).toContain(link);
    expect(part).toContain("This link is valid for 60 minutes and works once.");
    expect(part).toContain("If this was not you, ignore this message");
  }
  expect(mail.html).toContain(`<a href="${link}"`);
  expect(mail.html).toContain('<html lang="en">');
});

test("the reset message in Spanish says the same in Spanish", () => {
  const mail = passwordResetMail({ email: "ana@example.com", firstName: "Ana", language: "es" }, link);
  expect(mail).toMatchObject({ subject: "Restablece tu contraseña de Tallyworth", locale: "es" });
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain("Hola, Ana:");
    expect(part).toContain(link);
    expect(part).toContain("Este enlace es válido durante 60 minutos y funciona una sola vez.");
    expect(part).toContain("Si no fuiste tú, ignora este mensaje");
  }
  expect(mail.html).toContain('<html lang="es">');
});

test("the password-changed message in both languages links to a new reset and tells what to do if it was not you", () => {
  const forgot = "https://app.example/auth/forgot-password";
  const en = passwordChangedMail({ email: "bo@example.com", firstName: "Bo", language: "en" }, forgot);
  const es = passwordChangedMail({ email: "bo@example.com", firstName: "Bo", language: "es" }, forgot);
  expect(en.subject).toBe("Your Tallyworth password was changed");
  expect(es.subject).toBe("Se cambió tu contraseña de Tallyworth");
  for (const part of [en.text, en.html]) {
    expect(part).toContain(forgot);
    expect(part).toContain("signed out");
    expect(part).toContain("If this was not you, reset your password");
    expect(part).not.toContain("valid for");
  }
  for (const part of [es.text, es.html]) {
    expect(part).toContain(forgot);
    expect(part).toContain("Si no fuiste tú, restablece tu contraseña");
  }
});

test("the HTML part escapes every value: a name or address with markup shows as text", () => {
  const mail = passwordResetMail({ email: "x@example.com", firstName: `<img src=x onerror="alert(1)">&`, language: "en" }, `${link}&next="/x"`);
  expect(mail.html).not.toContain("<img");
  expect(mail.html).toContain("Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;,");
  expect(mail.html).toContain(`href="${link}&amp;next=&quot;/x&quot;"`);
  // The text part is plain text: written as typed.
  expect(mail.text).toContain(`Hello <img src=x onerror="alert(1)">&,`);
  expect(escapeHtml(`'`)).toBe("&#39;");
});

test("without a name the greeting has none; validity reads in minutes, hours or days", () => {
  const { t } = serverTranslator("en");
  const mail = accountMail({ to: "a@b.co", language: "en", t, name: " ", subject: "S", lines: ["L"], advice: "A" });
  expect(mail.text.startsWith("Hello,\n\nL\n\nA")).toBe(true);
  expect(validityText(t, 60 * 60_000)).toBe("60 minutes");
  expect(validityText(t, 60_000)).toBe("1 minute");
  expect(validityText(t, 3 * 3_600_000)).toBe("3 hours");
  expect(validityText(t, 7 * 86_400_000)).toBe("7 days");
  expect(validityText(serverTranslator("es").t, 86_400_000)).toBe("1 día");
});
