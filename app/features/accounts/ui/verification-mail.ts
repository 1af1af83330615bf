import { isLanguage, type Language } from "~/locales/languages";
import { serverTranslator } from "~/locales/server-translators";
import type { MailMessage } from "~/platform/mail/send.server";

// The mails of address verification and email change (issue 25, decision 034), in the
// recipient's language (users.language, English when it is anything else): a plain text part
// with every link written out, and a simple HTML part whose every value is escaped. Each says
// what happened, gives the link, how long it is valid and what to do if it was not you.
// verificationMailFrame is this feature's own frame; the password reset's mails have theirs, to
// be folded into one.

/** The recipient's language as stored on the user; English for anything else. */
export function verificationMailLanguage(stored: string | null | undefined): Language {
  return stored && isLanguage(stored) ? stored : "en";
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeMailHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

type Frame = {
  language: Language;
  to: string;
  subject: string;
  name: string;
  /** The sentences before the link, each a paragraph. */
  before: string[];
  link: { url: string; label: string };
  /** The sentences after the link. */
  after: string[];
};

/** One message from its parts: the product's name, the greeting, what happened, the link, the rest. */
export function verificationMailFrame(frame: Frame): MailMessage {
  const { t } = serverTranslator(frame.language);
  const product = t("verificationMail.product");
  const greeting = t("verificationMail.greeting", { name: frame.name });
  const text = [
    product,
    "",
    greeting,
    "",
    ...frame.before.flatMap((line) => [line, ""]),
    frame.link.url,
    "",
    ...frame.after.flatMap((line) => [line, ""]),
    "--",
    t("verificationMail.footer"),
    "",
  ].join("\n");
  const p = (line: string) => `<p>${escapeMailHtml(line)}</p>`;
  const url = escapeMailHtml(frame.link.url);
  const html = [
    `<!doctype html><html lang="${frame.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">`,
    `<p style="font-weight:bold">${escapeMailHtml(product)}</p>`,
    p(greeting),
    ...frame.before.map(p),
    `<p><a href="${url}">${escapeMailHtml(frame.link.label)}</a></p>`,
    `<p style="font-size:small;word-break:break-all">${url}</p>`,
    ...frame.after.map(p),
    `<p style="font-size:small;color:#475569">${escapeMailHtml(t("verificationMail.footer"))}</p>`,
    "</body></html>",
  ].join("\n");
  return { to: frame.to, subject: frame.subject, text, html, locale: frame.language };
}

type Recipient = { language: Language; to: string; name: string };

/** After registration, and on "Send again": confirm the account's address. */
export function verificationMailVerify(input: Recipient & { link: string }): MailMessage {
  const { t } = serverTranslator(input.language);
  return verificationMailFrame({
    ...input,
    subject: t("verificationMail.verify.subject"),
    before: [t("verificationMail.verify.happened")],
    link: { url: input.link, label: t("verificationMail.verify.action") },
    after: [t("verificationMail.linkValid"), t("verificationMail.notYou")],
  });
}

/** To the new address of an email change: confirm it (the account keeps the old one until then). */
export function verificationMailChange(input: Recipient & { link: string; oldEmail: string }): MailMessage {
  const { t } = serverTranslator(input.language);
  return verificationMailFrame({
    ...input,
    subject: t("verificationMail.change.subject"),
    before: [t("verificationMail.change.happened", { email: input.to })],
    link: { url: input.link, label: t("verificationMail.change.action") },
    after: [t("verificationMail.change.keeps", { oldEmail: input.oldEmail }), t("verificationMail.linkValid"), t("verificationMail.notYou")],
  });
}

/** To the old address of an email change: what is happening, and what to do if it was not you. */
export function verificationMailOldNotice(input: Recipient & { newEmail: string; profileLink: string }): MailMessage {
  const { t } = serverTranslator(input.language);
  return verificationMailFrame({
    ...input,
    subject: t("verificationMail.oldNotice.subject"),
    before: [
      t("verificationMail.oldNotice.happened", { email: input.newEmail }),
      t("verificationMail.oldNotice.keeps", { oldEmail: input.to }),
      t("verificationMail.oldNotice.notYou"),
    ],
    link: { url: input.profileLink, label: t("verificationMail.oldNotice.action") },
    after: [],
  });
}
