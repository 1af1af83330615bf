import type { Language } from "~/locales/languages";
import { serverTranslator } from "~/locales/server-translators";
import type { MailMessage } from "~/platform/mail/send.server";
import { ACCOUNT_TOKEN_TTL_MS } from "../model";
import { accountMail } from "./account-mail";

// The mails of address verification and email change (issue 25, decision 034), in the shared
// frame of account emails (account-mail.ts) and the recipient's language (users.language).

type Recipient = { language: Language; to: string; name: string };

/** After registration, and on "Send again": confirm the account's address (valid 7 days, once). */
export function verificationMailVerify(input: Recipient & { link: string }): MailMessage {
  const { t } = serverTranslator(input.language);
  return accountMail({
    ...input,
    t,
    subject: t("mail.verify.subject"),
    lines: [t("mail.verify.lead")],
    action: { label: t("mail.verify.action"), url: input.link, validForMs: ACCOUNT_TOKEN_TTL_MS.email_verification },
    advice: t("mail.verify.advice"),
  });
}

/** To the new address of an email change: confirm it (the account keeps the old one until then). */
export function verificationMailChange(input: Recipient & { link: string; oldEmail: string }): MailMessage {
  const { t } = serverTranslator(input.language);
  return accountMail({
    ...input,
    t,
    subject: t("mail.change.subject"),
    lines: [t("mail.change.lead", { email: input.to }), t("mail.change.keeps", { oldEmail: input.oldEmail })],
    action: { label: t("mail.change.action"), url: input.link, validForMs: ACCOUNT_TOKEN_TTL_MS.email_change },
    advice: t("mail.change.advice"),
  });
}

/** To the old address of an email change: what is happening, and what to do if it was not you. No token. */
export function verificationMailOldNotice(input: Recipient & { newEmail: string; profileLink: string }): MailMessage {
  const { t } = serverTranslator(input.language);
  return accountMail({
    ...input,
    t,
    subject: t("mail.oldNotice.subject"),
    lines: [t("mail.oldNotice.lead", { email: input.newEmail }), t("mail.oldNotice.keeps", { oldEmail: input.to })],
    action: { label: t("mail.oldNotice.action"), url: input.profileLink },
    advice: t("mail.oldNotice.advice"),
  });
}
