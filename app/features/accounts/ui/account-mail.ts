import { isLanguage, type Language } from "~/locales/languages";
import type { Translate } from "~/locales/translator";
import type { MailMessage } from "~/platform/mail/send.server";

// The one frame of every account email (issue 25): the product name, a greeting, what happened,
// the link as a button and written out, how long it is valid, the "if this was not you" advice,
// and a footer; a plain-text part and a simple HTML part in which every value is escaped, in the
// recipient's language (users.language). A message (password reset, password changed, address
// verification, email change) supplies only its words (locales/*/mail.ts) and its link.

/** The recipient's language as stored on the user (users.language); English for anything else. */
export function mailLanguage(stored: string | null | undefined): Language {
  return stored && isLanguage(stored) ? stored : "en";
}

export type AccountMailInput = {
  to: string;
  language: Language;
  /** The recipient's language's translator (serverTranslator(language).t). */
  t: Translate;
  /** The recipient's first name; null or empty greets without a name. */
  name: string | null;
  subject: string;
  /** What happened, one paragraph each, plain text. */
  lines: readonly string[];
  /** The link the message is about; `validForMs` adds "valid for …, works once". */
  action?: { label: string; url: string; validForMs?: number };
  /** "If this was not you, …" */
  advice: string;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "60 minutes", "7 days": whole days when the time is, else minutes up to two hours, else hours. */
export function validityText(t: Translate, ms: number): string {
  if (ms >= DAY && ms % DAY === 0) return t("mail.frame.days", { count: ms / DAY });
  if (ms < 2 * HOUR) return t("mail.frame.minutes", { count: Math.round(ms / MINUTE) });
  return t("mail.frame.hours", { count: Math.round(ms / HOUR) });
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function accountMail(input: AccountMailInput): MailMessage {
  const { t, action } = input;
  const product = t("mail.frame.product");
  const name = input.name?.trim();
  const greeting = name ? t("mail.frame.greeting", { name }) : t("mail.frame.greetingNoName");
  const validity = action?.validForMs !== undefined ? t("mail.frame.validFor", { duration: validityText(t, action.validForMs) }) : null;
  const footer = t("mail.frame.footer", { product });

  const text = [
    greeting,
    ...input.lines,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...(validity ? [validity] : []),
    input.advice,
    `— ${product}\n${footer}`,
  ].join("\n\n");

  const p = (content: string, style = "margin:0 0 16px") => `<p style="${style}">${content}</p>`;
  const html = [
    "<!doctype html>",
    `<html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    p(`<strong style="font-size:18px">${escapeHtml(product)}</strong>`),
    p(escapeHtml(greeting)),
    ...input.lines.map((line) => p(escapeHtml(line))),
    ...(action
      ? [
          p(
            `<a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px">${escapeHtml(action.label)}</a>`,
          ),
          p(`${escapeHtml(t("mail.frame.linkFallback"))}<br><a href="${escapeHtml(action.url)}" style="word-break:break-all">${escapeHtml(action.url)}</a>`, "margin:0 0 16px;font-size:14px"),
        ]
      : []),
    ...(validity ? [p(escapeHtml(validity))] : []),
    p(escapeHtml(input.advice)),
    p(escapeHtml(footer), "margin:24px 0 0;font-size:12px;color:#71717a"),
    "</div></body></html>",
  ].join("\n");

  return { to: input.to, subject: input.subject, text, html, locale: input.language };
}
