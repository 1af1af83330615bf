import { localDay } from "~/calendar/time-zones";
import { toApiSchedule } from "~/features/recurring/api";
import { localTodayOf } from "~/features/recurring/commands.server";
import { consumedDates, findSchedule, upcomingDates, type Schedule } from "~/features/recurring/queries.server";
import { listCurrencies } from "~/features/rates/queries.server";
import type { Db } from "~/platform/db/client.server";
import { apiErrors, type Translate } from "~/platform/http/envelope";

/** Schedules as the API answers them: each with its next dates and, when held, the message in the request's language. */
export async function apiSchedules(db: Db, userId: string, schedules: readonly Schedule[], t: Translate) {
  const [currencies, consumed, today] = await Promise.all([
    listCurrencies(db, { activeOnly: false }),
    consumedDates(db, userId, schedules.map((s) => s.id), schedules.reduce((min, s) => (s.nextDate !== null && s.nextDate < min ? s.nextDate : min), localDay("UTC"))),
    localTodayOf(db, userId, new Date()),
  ]);
  const decimals = new Map(currencies.map((c) => [c.code, c.decimalPlaces]));
  return schedules.map((schedule) =>
    toApiSchedule(schedule, {
      decimals,
      today,
      upcoming: upcomingDates(schedule, consumed.get(schedule.id) ?? new Set()),
      needsRateMessage: (currency, date) => t("recurring.needsRate", { currency, date }),
      translate: (key) => t(key),
    }),
  );
}

export async function apiSchedule(db: Db, userId: string, schedule: Schedule, t: Translate) {
  return (await apiSchedules(db, userId, [schedule], t))[0]!;
}

/** The caller's schedule; another user's answers 404 exactly like a missing one. */
export async function ownSchedule(db: Db, userId: string, id: string | undefined): Promise<Schedule> {
  const schedule = await findSchedule(db, userId, id ?? "");
  if (!schedule) throw apiErrors.notFound();
  return schedule;
}
