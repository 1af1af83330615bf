import { describe, expect, test } from "vitest";
import { MAX_REQUEST_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from "~/platform/http/body-limit";
import { checkRequestBody, declaredCharset } from "./request-body";

const ORIGIN = "http://localhost";

function streamOf(size: number, chunk = 8192): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
}

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

test("a body within the limit is handed on whole, with or without Content-Length", async () => {
  const exact = "a".repeat(MAX_REQUEST_BODY_BYTES);
  const declared = await checkRequestBody(post("/api/tags", exact, { "Content-Type": "application/json" }));
  expect(declared).toBeInstanceOf(Request);
  expect((await (declared as Request).text()).length).toBe(MAX_REQUEST_BODY_BYTES);

  const chunked = await checkRequestBody(post("/api/tags", streamOf(MAX_REQUEST_BODY_BYTES), { "Content-Type": "application/json" }));
  expect(chunked).toBeInstanceOf(Request);
  expect((await (chunked as Request).arrayBuffer()).byteLength).toBe(MAX_REQUEST_BODY_BYTES);
});

test("a Content-Length past the limit is refused with 413 before the body is read", async () => {
  const request = post("/api/tags", streamOf(10), { "Content-Type": "application/json", "Content-Length": String(MAX_REQUEST_BODY_BYTES + 1) });
  const res = (await checkRequestBody(request)) as Response;
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ status: "error", message: "Request body is too large: at most 64 KiB" });
  expect(request.bodyUsed).toBe(false);
});

test("a chunked body is counted while read and refused with 413 one byte past the limit", async () => {
  const res = (await checkRequestBody(post("/api/tags", streamOf(MAX_REQUEST_BODY_BYTES + 1), { "Content-Type": "application/json" }))) as Response;
  expect(res.status).toBe(413);
  expect(((await res.json()) as { message: string }).message).toBe("Request body is too large: at most 64 KiB");
});

test("a web post past the limit gets a plain translated page in the visitor's language", async () => {
  const res = (await checkRequestBody(
    post("/categories", streamOf(MAX_REQUEST_BODY_BYTES * 2), { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "es-ES" }),
  )) as Response;
  expect(res.status).toBe(413);
  expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(await res.text()).toBe("El cuerpo de la solicitud es demasiado grande: como máximo 64 KiB");
});

test("a web write that is not a form is refused with 415; the theme action reads remix-themes' untyped JSON itself", async () => {
  for (const type of ["application/json", "text/plain", ""]) {
    const headers: Record<string, string> = type ? { "Content-Type": type } : {};
    const res = (await checkRequestBody(post("/tags", "intent=create", headers))) as Response;
    expect(res.status, type).toBe(415);
    expect(await res.text()).toBe("This address accepts only form submissions");
  }
  expect(await checkRequestBody(post("/resources/theme", '{"theme":"dark"}', { "Content-Type": "application/json" }))).toBeInstanceOf(Request);
  expect(await checkRequestBody(post("/resources/theme", '{"theme":"dark"}', { "Content-Type": "text/plain;charset=UTF-8" }))).toBeInstanceOf(Request);
  expect(await checkRequestBody(post("/tags", "intent=create", { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" }))).toBeInstanceOf(Request);
});

test("a form declared in any charset but UTF-8 is refused with 415 in the visitor's language; UTF-8 in any spelling goes through", async () => {
  for (const charset of ["iso-8859-1", "utf-16", "UTF-16BE", "windows-1252", "bogus", '"latin1"', ""]) {
    const res = (await checkRequestBody(post("/tags", "intent=create", { "Content-Type": `application/x-www-form-urlencoded; charset=${charset}` }))) as Response;
    expect(res.status, charset).toBe(415);
    expect(await res.text()).toBe("Forms must be sent in UTF-8");
  }
  const es = (await checkRequestBody(
    post("/auth/login", "a=1", { "Content-Type": "application/x-www-form-urlencoded;charset=iso-8859-1", "Accept-Language": "es" }),
  )) as Response;
  expect(await es.text()).toBe("Los formularios deben enviarse en UTF-8");
  for (const charset of ["utf-8", "UTF-8", '"utf-8"', " Utf-8 "]) {
    expect(await checkRequestBody(post("/tags", "intent=create", { "Content-Type": `application/x-www-form-urlencoded; charset=${charset}` })), charset).toBeInstanceOf(Request);
  }
});

test("the declared charset is read unquoted and lower-cased, null when absent", () => {
  expect(declaredCharset("application/x-www-form-urlencoded")).toBeNull();
  expect(declaredCharset(null)).toBeNull();
  expect(declaredCharset('application/x-www-form-urlencoded; Charset="UTF-8"')).toBe("utf-8");
  expect(declaredCharset("multipart/form-data; boundary=x; charset=ISO-8859-1")).toBe("iso-8859-1");
});

test("a multipart body that cannot be parsed is a 400, a good one goes through readable", async () => {
  const bad = (await checkRequestBody(post("/tags", "garbage", { "Content-Type": "multipart/form-data" }))) as Response;
  expect(bad.status).toBe(400);
  expect(await bad.text()).toBe("The submitted form could not be read");

  const form = new FormData();
  form.set("intent", "create");
  const good = await checkRequestBody(new Request(`${ORIGIN}/tags`, { method: "POST", body: form }));
  expect(good).toBeInstanceOf(Request);
  expect((await (good as Request).formData()).get("intent")).toBe("create");
});

test("reads pass untouched, and the API's own content-type rule (415 envelope) stays in its handler", async () => {
  const get = new Request(`${ORIGIN}/api/tags`);
  expect(await checkRequestBody(get)).toBe(get);
  expect(await checkRequestBody(post("/api/tags", "a=1", { "Content-Type": "application/x-www-form-urlencoded" }))).toBeInstanceOf(Request);
});

// Issue 26: the CSV upload's body may hold a 5 MB file plus its multipart envelope; nowhere else.
describe("the CSV upload's own ceiling (POST /import and POST /api/imports)", () => {
  const MULTIPART = "multipart/form-data; boundary=x";
  function upload(path: string, size: number, name = "bank.csv") {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new File([new Uint8Array(size).fill(0x61)], name, { type: "text/csv" }));
    return new Request(`${ORIGIN}${path}`, { method: "POST", body: form });
  }

  test("a file of 5.5 MB reaches the upload's action (web form, its single-fetch form, and the API), and the reader then refuses it with its own message", async () => {
    const size = Math.round(5.5 * 1024 * 1024);
    for (const path of ["/import", "/import.data", "/api/imports"]) {
      const checked = await checkRequestBody(upload(path, size));
      expect(checked, path).toBeInstanceOf(Request);
      const file = (await (checked as Request).formData()).get("file") as File;
      expect(file.size, path).toBe(size);
    }
    const chunked = await checkRequestBody(post("/api/imports", streamOf(size), { "Content-Type": "text/csv" }));
    expect(chunked).toBeInstanceOf(Request);
    expect((await (chunked as Request).arrayBuffer()).byteLength).toBe(size);
  });

  test("a body past 6 MiB is refused with 413 naming that ceiling, in the face it came through", async () => {
    const web = (await checkRequestBody(post("/import", streamOf(MAX_UPLOAD_BODY_BYTES + 1), { "Content-Type": MULTIPART }))) as Response;
    expect(web.status).toBe(413);
    expect(await web.text()).toBe("Request body is too large: at most 6 MiB");
    const api = (await checkRequestBody(post("/api/imports", streamOf(MAX_UPLOAD_BODY_BYTES + 1), { "Content-Type": "text/csv" }))) as Response;
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ status: "error", message: "Request body is too large: at most 6 MiB" });
  });

  test("every other write keeps 64 KiB: another page, another method, another import path", async () => {
    const size = MAX_REQUEST_BODY_BYTES + 1;
    const refused = [
      post("/tags", streamOf(size), { "Content-Type": MULTIPART }),
      post("/import/abc", streamOf(size), { "Content-Type": MULTIPART }),
      post("/imports", streamOf(size), { "Content-Type": MULTIPART }),
      post("/api/imports/abc", streamOf(size), { "Content-Type": "application/json" }),
      post("/api/imports/abc/commit", streamOf(size), { "Content-Type": "application/json" }),
      new Request(`${ORIGIN}/api/imports`, { method: "PUT", body: streamOf(size), headers: { "Content-Type": "application/json" }, duplex: "half" } as RequestInit),
    ];
    for (const request of refused) {
      const res = (await checkRequestBody(request)) as Response;
      expect(res.status, `${request.method} ${request.url}`).toBe(413);
      expect(await res.text(), `${request.method} ${request.url}`).toContain("64 KiB");
    }
  });
});
