import type { ActivityEntry } from "~/features/accounts/model";
import { formatMonthYear } from "~/calendar/format";
import { dayToDate } from "~/calendar/days";
import { readMonth } from "~/calendar/months";
import type { Translate } from "~/locales/translator";

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
  return { title, line: details ? lineOf(entry.action, details, t, language) : entry.description };
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
    case "transactions_create":
      return sourceLine(details.source, said);
    case "transaction_create":
      return [text("description"), sourceLine(details.source, said)].filter(Boolean).join(" · ") || null;
    case "transaction_update":
    case "transaction_delete":
      return text("description");
    case "recurring_create":
    case "recurring_update":
    case "recurring_delete":
    case "recurring_pause":
    case "recurring_resume":
      return text("description");
    case "recurring_skip":
      return [text("description"), text("date")].filter(Boolean).join(" · ") || null;
    case "goal_create":
    case "goal_update":
    case "goal_delete":
    case "goal_progress":
      return text("name");
    case "currency_activate":
    case "currency_deactivate":
      return text("currency");
    case "exchange_rate_manual":
      return said("manualRate", { currency: details.currency, rate: details.rate, date: details.date });
    case "budget_create":
    case "budget_update":
    case "budget_delete":
      return said("budget", { category: details.category, month: monthName(details.month, language) });
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

/** "2026-01" as "January 2026" / "enero de 2026". */
function monthName(month: string | number | undefined, language: string) {
  const start = typeof month === "string" && /^\d{4}-\d{2}$/.test(month) ? readMonth(month) : null;
  return start ? formatMonthYear(dayToDate(start), language) : month;
}
