import type { ActivityEntry } from "~/features/accounts/model";
import { formatDate, formatMonthYear } from "~/calendar/format";
import { dayToDate, isIsoDate } from "~/calendar/days";
import { readMonth } from "~/calendar/months";
import { categoryNames as defaultCategoryNames } from "~/locales/en/category-names";
import type { Translate } from "~/locales/translator";
import { formatDecimal } from "~/money/amounts";

/**
 * What the recent-activity card shows for an entry, in the reader's language (decision 025): the
 * action's label, and a line rendered from the entry's values. An old entry whose description
 * could not be read back into values (details null) shows its description as stored.
 */
export function activityText(entry: Pick<ActivityEntry, "action" | "description" | "details">, t: Translate, language: string) {
  const details = entry.details;
  const count = typeof details?.count === "number" ? details.count : undefined;
  const title = t(`profile.activity.actions.${entry.action}`, {
    defaultValue: entry.action,
    ...(entry.action === "transactions_create" && count !== undefined ? { count } : {}),
  });
  return { title, line: details ? lineOf(entry.action, details, t, language) : storedLine(entry.description) };
}

// An id (a UUID, or a long run of hex) means nothing to a reader (issue 23): an old entry whose
// description is one shows no line.
const RAW_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24,})$/i;

function storedLine(description: string): string | null {
  return RAW_ID.test(description.trim()) ? null : description;
}

function lineOf(action: string, details: Record<string, string | number>, t: Translate, language: string): string | null {
  const text = (key: string) => (typeof details[key] === "string" ? (details[key] as string) : null);
  const said = (key: string, values?: Record<string, unknown>) => t(`profile.activity.descriptions.${key}`, values);
  switch (action) {
    case "login_failed":
      return said(details.reason === "deactivated" ? "deactivatedSignIn" : "failedSignIn");
    case "profile_update":
      return details.by === "admin" ? said("profileUpdatedByAdmin") : null;
    case "time_zone_change":
      return text("timeZone");
    case "role_change":
      return said(details.role === "superadmin" ? "roleChangedToSuperadmin" : "roleChangedToUser");
    case "account_deactivated":
      return said("deactivatedByAdmin");
    case "account_reactivated":
      return said("reactivatedByAdmin");
    case "signin_unlocked":
      return said("unlockedByAdmin");
    case "password_reset_requested":
      return said(details.by === "admin" ? "resetSentByAdmin" : "resetRequested");
    case "password_reset":
      return said("resetWithLink");
    case "password_reset_sent":
      return text("email");
    case "transactions_create":
      return sourceLine(details.source, said);
    case "transaction_create":
      return [text("description"), sourceLine(details.source, said)].filter(Boolean).join(" · ") || null;
    case "transaction_update":
    case "transaction_delete":
    case "transaction_restore":
      return text("description");
    case "recurring_create":
    case "recurring_update":
    case "recurring_delete":
    case "recurring_pause":
    case "recurring_resume":
      return text("description");
    case "email_verified":
    case "email_change_requested":
    case "email_changed":
      return text("email");
    case "recurring_skip":
    case "recurring_hold":
      return [text("description"), text("date")].filter(Boolean).join(" · ") || null;
    case "category_delete":
    case "category_restore":
    case "tag_delete":
    case "tag_restore":
    case "goal_create":
    case "goal_update":
    case "goal_delete":
    case "goal_restore":
    case "goal_progress":
      return text("name");
    case "currency_activate":
    case "currency_deactivate":
      return currencyText(details.currency, t);
    case "exchange_rate_manual":
      return said("manualRate", { currency: details.currency, rate: rateText(details.rate, language), date: dayName(details.date, language) });
    case "budget_create":
    case "budget_update":
    case "budget_delete":
    case "budget_restore":
      return said("budget", { category: categoryText(details, t), month: monthName(details.month, language) });
    case "import_commit":
    case "import_undo":
      return typeof details.count === "number"
        ? said(action === "import_commit" ? "imported" : "importUndone", { count: details.count, number: new Intl.NumberFormat(language).format(details.count), file: text("file") ?? "" })
        : text("file");
    case "budget_copy":
      return said("budgetsCopied", { count: details.count, from: monthName(details.from, language), to: monthName(details.to, language) });
    default:
      // sign_up, login, logout, password_change: the label says it all.
      return null;
  }
}

/**
 * Where a create came from, when it was not the user at the form or an API client: an import or
 * a schedule (the door's CreateSource). Entries written before the source was stored have none.
 */
function sourceLine(source: string | number | undefined, said: (key: string) => string): string | null {
  if (source === "import") return said("fromImport");
  if (source === "recurring") return said("fromSchedule");
  return null;
}

/** A currency code as its name in the reader's language: "Euro (EUR)", "Libra esterlina (GBP)". */
function currencyText(code: string | number | undefined, t: Translate) {
  if (typeof code !== "string") return null;
  const name = t(`money.currencyNames.${code}`, { defaultValue: "" });
  return name ? t("profile.activity.descriptions.currency", { name, code }) : code;
}

/** An exact rate ("3871.25") in the reader's digits ("3,871.25", "3.871,25"); anything else as stored. */
function rateText(rate: string | number | undefined, language: string) {
  return typeof rate === "string" && /^\d+(\.\d+)?$/.test(rate) ? formatDecimal(rate, undefined, language) : rate;
}

/** "2026-01-05" as "Jan 5, 2026" / "5 ene 2026". */
function dayName(day: string | number | undefined, language: string) {
  return typeof day === "string" && isIsoDate(day) ? formatDate(dayToDate(day), language) : day;
}

// A default category's English name (as budget entries store it) → its id, to name it in the reader's language.
const defaultIdByName = new Map(Object.entries(defaultCategoryNames).map(([id, name]) => [name, id]));

/** A budget's category: a default one in the reader's language (by its stored id, or its English name in older entries); the user's own as typed. */
function categoryText(details: Record<string, string | number>, t: Translate) {
  const name = typeof details.category === "string" ? details.category : "";
  const id = typeof details.categoryId === "string" ? details.categoryId : defaultIdByName.get(name);
  return id?.startsWith("default-") ? t(`categoryNames.${id}`, { defaultValue: name }) : name;
}

/** "2026-01" as "January 2026" / "enero de 2026". */
function monthName(month: string | number | undefined, language: string) {
  const start = typeof month === "string" && /^\d{4}-\d{2}$/.test(month) ? readMonth(month) : null;
  return start ? formatMonthYear(dayToDate(start), language) : month;
}
