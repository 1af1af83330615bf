import { serverTranslator } from "~/locales/server-translators";
import type { Language } from "~/locales/languages";
import type { MailMessage } from "~/platform/mail/send.server";
import { ACCOUNT_TOKEN_TTL_MS } from "../model";
import { accountMail } from "./account-mail";

// The password messages of issue 25, in the recipient's language, in the shared frame (account-mail.ts).

type Recipient = { email: string; firstName: string | null; language: Language };

/** "Reset your password": the link to /auth/reset-password?token=…, valid 60 minutes, once. */
export function passwordResetMail(to: Recipient, link: string): MailMessage {
  const { t } = serverTranslator(to.language);
  return accountMail({
    to: to.email,
    language: to.language,
    t,
    name: to.firstName,
    subject: t("mail.passwordReset.subject"),
    lines: [t("mail.passwordReset.lead", { email: to.email })],
    action: { label: t("mail.passwordReset.action"), url: link, validForMs: ACCOUNT_TOKEN_TTL_MS.password_reset },
    advice: t("mail.passwordReset.advice"),
  });
}

/** "Your password was changed", with the link to ask for a reset (/auth/forgot-password). */
export function passwordChangedMail(to: Recipient, forgotPasswordLink: string): MailMessage {
  const { t } = serverTranslator(to.language);
  return accountMail({
    to: to.email,
    language: to.language,
    t,
    name: to.firstName,
    subject: t("mail.passwordChanged.subject"),
    lines: [t("mail.passwordChanged.lead", { email: to.email })],
    action: { label: t("mail.passwordChanged.action"), url: forgotPasswordLink },
    advice: t("mail.passwordChanged.advice"),
  });
}
