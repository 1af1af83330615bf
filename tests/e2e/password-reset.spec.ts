import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoSidewaysScroll, jsEnabled, screenshotBothThemes, test, uniqueEmail } from "./support";

// Issue 25: a user who forgot the password asks for a link, opens it from the mail (which the fake
// mail API captured: tests/fakes/serve-mail-api.ts, on the channel scripts/e2e-server.mjs points
// MAIL_API_URL at), chooses a new password and signs in with it. On a 390 px phone, with
// JavaScript on and off, in English and in Spanish.

const phone = { width: 390, height: 844 };
const mailPort = Number(process.env.E2E_MAIL_PORT ?? Number(process.env.E2E_RATES_PORT ?? 8799) + 100);

const words = {
  en: {
    forgot: "Forgot password?",
    email: "Email",
    send: "Send reset link",
    sent: "If an account exists for that address, we sent a link",
    subject: "Reset your Tallyworth password",
    newPassword: "New password",
    confirm: "Confirm new password",
    save: "Set new password",
    reset: "Your password was changed and every device was signed out",
    password: "Password",
    signIn: "Sign In",
    used: "This link cannot be used",
  },
  es: {
    forgot: "¿Olvidaste tu contraseña?",
    email: "Correo electrónico",
    send: "Enviar enlace",
    sent: "Si existe una cuenta con esa dirección, le enviamos un enlace",
    subject: "Restablece tu contraseña de Tallyworth",
    newPassword: "Contraseña nueva",
    confirm: "Confirma la contraseña nueva",
    save: "Guardar contraseña nueva",
    reset: "Se cambió tu contraseña y se cerró la sesión en todos los dispositivos",
    password: "Contraseña",
    signIn: "Iniciar sesión",
    used: "No se puede usar este enlace",
  },
} as const;

type Mail = { body: { to: string; subject: string; text: string } };

/** The reset mail the fake mail API captured for `to`, once it has arrived (it leaves after the answer). */
async function resetMail(request: APIRequestContext, to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const state = (await (await request.get(`http://127.0.0.1:${mailPort}/__control/e2e`)).json()) as { messages: Mail[] };
      // The reset's, not the address verification link the registration mailed first.
      found = state.messages.find((m) => m.body.to === to && m.body.text.includes("/auth/reset-password?token="));
      return Boolean(found);
    }, { message: `a mail to ${to}` })
    .toBe(true);
  return found!;
}

async function speak(page: Page, language: "en" | "es") {
  if ((await page.locator("html").getAttribute("lang")) === language) return;
  await page.getByRole("button", { name: language, exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

for (const language of ["en", "es"] as const) {
  test(`forgot password (${language}): the mailed link, a new password, and sign in with it at 390 px`, async ({ page, request }, testInfo) => {
    const w = words[language];
    await page.setViewportSize(phone);
    // An account made through the API in this language (its mail is written in it), from its own address.
    const email = uniqueEmail(testInfo);
    const visitor = { "CF-Connecting-IP": `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` };
    const created = await request.post("/api/auth/register", {
      headers: { ...visitor, "Accept-Language": language },
      data: { firstName: "Rosa", lastName: "Reset", email, password: "OldPass123" },
    });
    expect(created.status()).toBe(201);

    await page.goto("/auth/login");
    await speak(page, language);
    await page.getByRole("link", { name: w.forgot }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expectNoSidewaysScroll(page);
    await page.getByLabel(w.email).fill(email);
    await page.getByRole("button", { name: w.send }).click();
    await expect(page.getByRole("status").filter({ hasText: w.sent })).toBeVisible();
    await screenshotBothThemes(page, testInfo, `forgot-password-sent-${language}`);
    await expectNoAxeViolations(page, testInfo);

    const mail = await resetMail(request, email);
    expect(mail.body.subject).toBe(w.subject);
    const link = /http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail.body.text)?.[0];
    expect(link, mail.body.text).toBeTruthy();

    await page.goto(link!);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectNoSidewaysScroll(page);
    await page.getByLabel(w.newPassword, { exact: true }).fill("NewPass456");
    if (jsEnabled(testInfo)) await expect(page.locator("#password-rules li")).toHaveCount(3);
    await page.getByLabel(w.confirm, { exact: true }).fill("NewPass456");
    await screenshotBothThemes(page, testInfo, `reset-password-${language}`);
    await expectNoAxeViolations(page, testInfo);
    await page.getByRole("button", { name: w.save }).click();
    await expect(page).toHaveURL(/\/auth\/login\?reset=1$/);
    await expect(page.getByRole("status").filter({ hasText: w.reset })).toBeVisible();

    await page.getByLabel(w.email).fill(email);
    await page.getByLabel(w.password, { exact: true }).fill("NewPass456");
    await page.getByRole("button", { name: w.signIn }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link worked once.
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: w.used })).toBeVisible();
  });
}
