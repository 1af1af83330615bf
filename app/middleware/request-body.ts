import { isApiPath } from "~/platform/http/api-path";
import { bodyLimitFor, MAX_REQUEST_BODY_LABEL, type BodyLimit } from "~/platform/http/body-limit";
import { ApiError, errorResponse } from "~/platform/http/envelope";
import { serverTranslator } from "~/locales/server-translators";
import { detectLanguage } from "./i18n";
import { applySecurityHeaders } from "./security-headers";

// Decision 013: every request body has one documented ceiling (platform/http/body-limit.ts),
// checked in the Worker before React Router reads anything, and a web write must be a form (the
// theme toggle's JSON aside).

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/**
 * Web actions that read their body themselves: remix-themes' provider posts `{ theme }` as a bare
 * string, which browsers label text/plain, and the theme action answers 400 to anything else.
 */
const OWN_BODY_PATHS = new Set(["/resources/theme"]);

function mediaType(request: Request) {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The `charset` parameter of the Content-Type, unquoted and lower-cased; null when none is given.
 * workerd's formData() reads forms as UTF-8 only and throws on any other declared charset.
 */
export function declaredCharset(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*("[^"]*"|[^;]*)/i.exec(contentType ?? "");
  if (!match) return null;
  return match[1]!.trim().replace(/^"(.*)"$/, "$1").trim().toLowerCase();
}

/** The declared length, or null when absent (chunked) or not a plain number. */
function declaredLength(request: Request): number | null {
  const value = request.headers.get("Content-Length");
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Reads at most `limit` bytes; null as soon as the body turns out longer. */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A refusal given before React Router runs (so before the i18n middleware), in the face the request
 * came through: the API's envelope, or a plain page in the visitor's language.
 */
export async function earlyRefusal(request: Request, status: number, messageKey: string, limitLabel = MAX_REQUEST_BODY_LABEL): Promise<Response> {
  const { t } = serverTranslator(await detectLanguage(request));
  const values = { limit: limitLabel };
  if (isApiPath(new URL(request.url).pathname)) return errorResponse(t, new ApiError(status, messageKey, { values }));
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  applySecurityHeaders(request, headers, "");
  return new Response(t(messageKey, values), { status, headers });
}

/**
 * The request to hand on, or the answer that refuses it: 413 past the limit (by Content-Length,
 * or counted while reading a chunked body), and for web writes 415 unless the body is a form
 * declared in UTF-8 or in no charset (400 when a multipart body cannot be parsed), so no action
 * meets a body it cannot read. The limit is the path's (bodyLimitFor: the CSV upload's is larger)
 * unless one is given.
 */
export async function checkRequestBody(request: Request, limit?: BodyLimit): Promise<Request | Response> {
  if (BODYLESS_METHODS.has(request.method)) return request;
  const pathname = new URL(request.url).pathname;
  const api = isApiPath(pathname);
  const { bytes: ceiling, label } = limit ?? bodyLimitFor(request.method, pathname);

  let checked = request;
  if (request.body) {
    const length = declaredLength(request);
    if (length !== null && length > ceiling) return earlyRefusal(request, 413, "errors.payloadTooLarge", label);
    if (length === null) {
      const bytes = await readAtMost(request.body, ceiling);
      if (!bytes) return earlyRefusal(request, 413, "errors.payloadTooLarge", label);
      checked = new Request(request, { body: bytes });
    }
  }
  if (api) return checked;

  if (OWN_BODY_PATHS.has(pathname.replace(/\.data$/, ""))) return checked;
  const type = mediaType(checked);
  if (!FORM_TYPES.has(type)) return earlyRefusal(checked, 415, "errors.formExpected");
  const charset = declaredCharset(checked.headers.get("Content-Type"));
  if (charset !== null && charset !== "utf-8") return earlyRefusal(checked, 415, "errors.formCharset");
  if (type === "multipart/form-data") {
    try {
      await checked.clone().formData();
    } catch {
      return earlyRefusal(checked, 400, "errors.malformedForm");
    }
  }
  return checked;
}
