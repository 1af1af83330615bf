import { z } from "zod";
import type { RefreshFailure } from "~/features/rates/model";
import { BASE_CURRENCY } from "~/money/currencies";
import { isIsoDate, isoDay } from "~/calendar/days";
import { EARLIEST_DAY } from "~/calendar/range";
import { providerNumberToRate } from "~/money/rates";

// The exchange-rate provider adapter (ARCHITECTURE.md 4). The provider is whatever
// RATES_PROVIDER_URL names; the default, open.er-api.com's /v6/latest/USD, answers
//   { "result": "success", "base_code": "USD", "time_last_update_unix": 1763769751,
//     "rates": { "USD": 1, "EUR": 0.8634, … } }
// Providers of the same family (base/date instead of base_code/time_last_update_unix, no
// result field) are read too. Only that one URL is ever fetched: redirects are refused.

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;
/** A latest-rates answer is a few kilobytes; anything far beyond is not one. */
const MAX_BODY_CHARS = 1_000_000;

export type ProviderQuote = {
  /** The UTC day the provider's rates are of, when it says; else null. */
  date: string | null;
  /** Every requested currency → its exact rate per 1 USD. */
  rates: Record<string, string>;
};

export type ProviderResult = { ok: true; quote: ProviderQuote } | { ok: false; reason: RefreshFailure; detail?: string };

export type ProviderOptions = {
  timeoutMs?: number;
  /** For tests that need a fetch of their own; the runtime's otherwise. */
  fetch?: typeof fetch;
};

const positiveRate = z.number().finite().positive();

/** The answer's shape; every requested currency must have a finite, positive rate. */
function answerSchema(codes: readonly string[]) {
  return z.object({
    result: z.literal("success").optional(),
    base_code: z.literal(BASE_CURRENCY).optional(),
    base: z.literal(BASE_CURRENCY).optional(),
    time_last_update_unix: z.number().positive().max(253_402_300_799).optional(),
    // A day a rate can be filed under (decision 022: not before 1900-01-01; a day after today is filed as today).
    date: z
      .string()
      .refine((day) => isIsoDate(day) && day >= EARLIEST_DAY)
      .optional(),
    rates: z
      .object(Object.fromEntries(codes.map((code) => [code, positiveRate])))
      .loose()
      // The base is 1 by definition; a provider that says otherwise is not quoting per USD.
      .refine((rates) => rates[BASE_CURRENCY] === undefined || rates[BASE_CURRENCY] === 1, {
        message: "USD is not 1",
        path: [BASE_CURRENCY],
      }),
  });
}

const fail = (reason: RefreshFailure, detail?: string): ProviderResult => ({ ok: false, reason, detail });

/** Fetches and checks the latest rates of `codes` (USD excluded: it is always 1). All or nothing. */
export async function fetchProviderRates(url: string, codes: readonly string[], options: ProviderOptions = {}): Promise<ProviderResult> {
  const wanted = codes.filter((code) => code !== BASE_CURRENCY);
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS);
  const fetchImpl = options.fetch ?? fetch;
  let text: string;
  try {
    const response = await fetchImpl(url, { signal, redirect: "manual", headers: { Accept: "application/json" } });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      return fail("down", `HTTP ${response.status}`);
    }
    // The timeout covers the body too: a provider that stalls mid-answer is as slow as one that never answers.
    text = await response.text();
  } catch (error) {
    if (signal.aborted) return fail("timeout");
    return fail("down", error instanceof Error ? error.message : String(error));
  }
  if (text.length > MAX_BODY_CHARS) return fail("invalidPayload", "answer too large");

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail("invalidJson");
  }

  const parsed = answerSchema(wanted).safeParse(json);
  if (!parsed.success) {
    const sent = (json as { rates?: unknown } | null)?.rates;
    const sentRates = sent && typeof sent === "object" ? (sent as Record<string, unknown>) : undefined;
    const missing: string[] = [];
    const invalid: string[] = [];
    let other: string | undefined;
    for (const issue of parsed.error.issues) {
      const [top, code] = issue.path;
      if (top === "rates" && typeof code === "string" && wanted.includes(code) && sentRates) {
        (sentRates[code] === undefined || sentRates[code] === null ? missing : invalid).push(code);
      } else {
        other ??= issue.path.length ? issue.path.join(".") : "not an object";
      }
    }
    if (other) return fail("invalidPayload", other);
    if (missing.length) return fail("missingRate", missing.sort().join(","));
    return fail("invalidRate", invalid.sort().join(","));
  }

  const rates: Record<string, string> = {};
  const tooSmall: string[] = [];
  for (const code of wanted) {
    const rate = providerNumberToRate(parsed.data.rates[code]);
    if (rate === null) tooSmall.push(code);
    else rates[code] = rate;
  }
  if (tooSmall.length) return fail("invalidRate", tooSmall.join(","));

  const { time_last_update_unix: updated, date } = parsed.data;
  return { ok: true, quote: { date: updated !== undefined ? isoDay(new Date(updated * 1000)) : (date ?? null), rates } };
}
