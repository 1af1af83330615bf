import { expect, test } from "vitest";
import { mailLanguage } from "./account-mail";
import { verificationMailChange, verificationMailOldNotice, verificationMailVerify } from "./verification-mail";

// The verification and email-change mails (issue 25) in both languages: product name, what
// happened, the link in the text and in the HTML, how long it is valid, "if this was not you",
// and every value escaped in the HTML.

const link = "https://tallyworth.test/auth/verify-email?token=abc_DEF-123";

test.each([
  ["en", "Confirm your email address for Tallyworth", "Hello Ana,", "valid for 7 days", "If this was not you", "Confirm my address"],
  ["es", "Confirma tu correo electrónico en Tallyworth", "Hola, Ana:", "válido durante 7 días", "Si no fuiste tú", "Confirmar mi dirección"],
] as const)("the verification mail in %s", (language, subject, greeting, valid, notYou, action) => {
  const mail = verificationMailVerify({ language, to: "ana@example.com", name: "Ana", link });
  expect(mail).toMatchObject({ to: "ana@example.com", subject, locale: language });
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain("Tallyworth");
    expect(part).toContain(greeting);
    expect(part).toContain(valid);
    expect(part).toContain(notYou);
  }
  expect(mail.text).toContain(`\n${link}\n`);
  expect(mail.html).toContain(`<a href="${link}"`);
  expect(mail.html).toContain(`>${action}</a>`);
  expect(mail.html).toContain(`<html lang="${language}">`);
});

test.each([
  ["en", "Confirm your new email address for Tallyworth", "address to new@example.com", "keep signing in with old@example.com", "valid for 7 days", "If this was not you"],
  ["es", "Confirma tu nuevo correo electrónico en Tallyworth", "cambiar la dirección de tu cuenta de Tallyworth a new@example.com", "sigues iniciando sesión con old@example.com", "válido durante 7 días", "Si no fuiste tú"],
] as const)("the mail to the new address of an email change in %s", (language, subject, happened, keeps, valid, notYou) => {
  const mail = verificationMailChange({ language, to: "new@example.com", name: "Ana", link, oldEmail: "old@example.com" });
  expect(mail).toMatchObject({ to: "new@example.com", subject, locale: language });
  for (const part of [mail.text, mail.html]) {
    for (const said of ["Tallyworth", happened, keeps, valid, notYou]) expect(part).toContain(said);
  }
  expect(mail.text).toContain(link);
  expect(mail.html).toContain(`href="${link}"`);
});

test.each([
  ["en", "Your Tallyworth email address is being changed", "change its address to new@example.com", "stays old@example.com", "7 days", "If this was not you, sign in and change your password"],
  ["es", "Se está cambiando tu correo electrónico en Tallyworth", "cambiar su dirección a new@example.com", "sigue siendo old@example.com", "7 días", "Si no fuiste tú, inicia sesión y cambia tu contraseña"],
] as const)("the notice to the old address in %s carries no token, only the profile's link", (language, subject, happened, stays, valid, notYou) => {
  const profileLink = "https://tallyworth.test/profile";
  const mail = verificationMailOldNotice({ language, to: "old@example.com", name: "Ana", newEmail: "new@example.com", profileLink });
  expect(mail).toMatchObject({ to: "old@example.com", subject, locale: language });
  for (const part of [mail.text, mail.html]) {
    for (const said of ["Tallyworth", happened, stays, valid, notYou]) expect(part).toContain(said);
    expect(part).not.toContain("token=");
  }
  expect(mail.text).toContain(profileLink);
  expect(mail.html).toContain(`href="${profileLink}"`);
});

test("values are escaped in the HTML part and written as typed in the text part", () => {
  const mail = verificationMailChange({ language: "en", to: "new@example.com", name: `<b>Ana</b> & "Co"`, link: `${link}&x="1"`, oldEmail: "old@example.com" });
  expect(mail.html).toContain("Hello &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Co&quot;,");
  expect(mail.html).toContain(`href="${link}&amp;x=&quot;1&quot;"`);
  expect(mail.html).not.toContain("<b>Ana</b>");
  expect(mail.text).toContain(`Hello <b>Ana</b> & "Co",`);
});

test("the recipient's language is the stored one when it is supported, else English", () => {
  expect(mailLanguage("es")).toBe("es");
  expect(mailLanguage("en")).toBe("en");
  expect(mailLanguage("fr")).toBe("en");
  expect(mailLanguage(null)).toBe("en");
});
