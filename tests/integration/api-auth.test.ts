import { expect, test } from "vitest";
import { api, jwtClaims, loginViaApi, registerViaApi } from "./api-client";
import { browser, registerViaForm, STRONG_PASSWORD, uniqueEmail } from "./helpers";

test("register answers 201 with tokens and the user, never the password hash", async () => {
  const email = uniqueEmail("reg");
  const { status, body, res } = await api("/api/auth/register", {
    json: { firstName: " Ada ", lastName: "Lovelace", email: email.toUpperCase(), password: STRONG_PASSWORD },
  });
  expect(status).toBe(201);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(body.status).toBe("success");
  expect(Object.keys(body.data).sort()).toEqual(["accessToken", "refreshToken", "user"]);
  expect(body.data.user).toEqual({
    id: expect.any(String),
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    name: "Ada Lovelace",
    role: "user",
    isActive: true,
    timeZone: "UTC",
    // Issue 25: the address waits for its mailed link.
    emailVerified: false,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  });
  expect(JSON.stringify(body)).not.toContain("scrypt");
  const claims = jwtClaims(body.data.accessToken);
  expect(claims).toMatchObject({ id: body.data.user.id, role: "user", sid: expect.any(String) });
  expect(claims.exp).toBe((claims.iat as number) + 15 * 60);
  expect(Math.abs((claims.exp as number) - Date.now() / 1000 - 900)).toBeLessThan(60);
});

test("register validation answers 400 with the first failure as the message and errors per field", async () => {
  const { status, body } = await api("/api/auth/register", {
    json: { firstName: "", lastName: "", email: "nope", password: "short" },
  });
  expect(status).toBe(400);
  expect(body).toEqual({ status: "error", message: "First name is required", errors: { firstName: ["First name is required"] } });

  const weak = await api("/api/auth/register", {
    json: { firstName: "A", lastName: "B", email: uniqueEmail(), password: "lowercase1" },
  });
  expect(weak.status).toBe(400);
  expect(weak.body.message).toBe("Password must contain at least one uppercase letter");
  expect(weak.body.errors).toEqual({ password: ["Password must contain at least one uppercase letter"] });

  const badEmail = await api("/api/auth/register", {
    json: { firstName: "A", lastName: "B", email: "a@b", password: STRONG_PASSWORD },
  });
  expect(badEmail.body.errors).toEqual({ email: ["Email is invalid"] });
});

test("a value of the wrong type is a 400 naming the field, not a 500", async () => {
  const { status, body } = await api("/api/auth/login", { json: { email: 42, password: ["x"] } });
  expect(status).toBe(400);
  expect(body.status).toBe("error");
  expect(Object.keys(body.errors!).sort()).toEqual(["email", "password"]);
});

test("messages follow Accept-Language: Spanish for es", async () => {
  const headers = { "Accept-Language": "es-ES,es;q=0.9" };
  const invalid = await api("/api/auth/register", { headers, json: { firstName: "", lastName: "x", email: "x", password: "x" } });
  expect(invalid.status).toBe(400);
  expect(invalid.body.message).toBe("El nombre es obligatorio");
  expect(invalid.body.errors).toEqual({ firstName: ["El nombre es obligatorio"] });

  const account = await registerViaApi();
  const wrong = await api("/api/auth/login", { headers, json: { email: account.email, password: "Wrong1234" } });
  expect(wrong.status).toBe(401);
  expect(wrong.body.message).toBe("Correo electrónico o contraseña no válidos");

  const noToken = await api("/api/users/profile", { headers });
  expect(noToken.body.message).toBe("Se requiere autenticación");
});

test("a duplicate email answers 409 'Email already exists'", async () => {
  const account = await registerViaApi();
  const { status, body } = await api("/api/auth/register", {
    json: { firstName: "Again", lastName: "User", email: account.email, password: STRONG_PASSWORD },
  });
  expect(status).toBe(409);
  expect(body).toEqual({ status: "error", message: "Email already exists", errors: { email: ["Email already exists"] } });
});

test("register → login → profile with the bearer token", async () => {
  const account = await registerViaApi();
  const login = await api("/api/auth/login", { json: { email: account.email.toUpperCase(), password: account.password } });
  expect(login.status).toBe(200);
  expect(login.body.data.user.email).toBe(account.email);
  expect(login.body.data.refreshToken).not.toBe(account.refreshToken);
  expect(jwtClaims(login.body.data.accessToken).sid).not.toBe(jwtClaims(account.accessToken).sid);

  const profile = await api("/api/users/profile", { token: login.body.data.accessToken });
  expect(profile.status).toBe(200);
  expect(profile.res.headers.get("Cache-Control")).toBe("no-store");
  expect(profile.body).toEqual({ status: "success", data: { user: account.user } });
});

test("wrong credentials answer 401 'Invalid email or password', for unknown accounts too", async () => {
  const account = await registerViaApi();
  const wrong = await api("/api/auth/login", { json: { email: account.email, password: "Wrong1234" } });
  expect(wrong.status).toBe(401);
  expect(wrong.res.headers.get("WWW-Authenticate")).toBe("Bearer");
  expect(wrong.body).toEqual({ status: "error", message: "Invalid email or password" });
  const unknown = await api("/api/auth/login", { json: { email: uniqueEmail("ghost"), password: "Wrong1234" } });
  expect(unknown.status).toBe(401);
  expect(unknown.body.message).toBe("Invalid email or password");
});

test("the 6th wrong password for one account within a minute answers 429 with Retry-After", async () => {
  const account = await registerViaApi();
  for (let i = 0; i < 5; i++) {
    const { status } = await api("/api/auth/login", { json: { email: account.email, password: `Wrong123${i}` } });
    expect(status).toBe(401);
  }
  const sixth = await api("/api/auth/login", { json: { email: account.email, password: "Wrong1239" } });
  expect(sixth.status).toBe(429);
  expect(Number(sixth.res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  expect(sixth.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  // The right password is refused too while the bucket is empty.
  const right = await api("/api/auth/login", { json: { email: account.email, password: account.password } });
  expect(right.status).toBe(429);
});

test("refresh rotates: the new pair works, the spent token is refused, and that reuse ends the whole login", async () => {
  const account = await registerViaApi();
  const first = await api("/api/auth/refresh-token", { json: { refreshToken: account.refreshToken } });
  expect(first.status).toBe(200);
  expect(Object.keys(first.body.data).sort()).toEqual(["accessToken", "refreshToken"]);
  const rotated = first.body.data as { accessToken: string; refreshToken: string };
  expect(rotated.refreshToken).not.toBe(account.refreshToken);
  expect(jwtClaims(rotated.accessToken).sid).toBe(jwtClaims(account.accessToken).sid);
  expect((await api("/api/users/profile", { token: rotated.accessToken })).status).toBe(200);

  const reuse = await api("/api/auth/refresh-token", { json: { refreshToken: account.refreshToken } });
  expect(reuse.status).toBe(401);
  expect(reuse.body.message).toBe("Invalid or expired token");

  // The thief or the owner, whoever holds the newest tokens, is out too.
  expect((await api("/api/auth/refresh-token", { json: { refreshToken: rotated.refreshToken } })).status).toBe(401);
  const after = await api("/api/users/profile", { token: rotated.accessToken });
  expect(after.status).toBe(401);
  expect(after.res.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
  expect((await api("/api/users/profile", { token: account.accessToken })).status).toBe(401);
});

test("an unknown or missing refresh token answers 401 / 400", async () => {
  const unknown = await api("/api/auth/refresh-token", { json: { refreshToken: "abcdefghijklmnopqrstuvwxyz234567" } });
  expect(unknown.status).toBe(401);
  const missing = await api("/api/auth/refresh-token", { json: {} });
  expect(missing.status).toBe(400);
  expect(missing.body).toEqual({
    status: "error",
    message: "Refresh token is required",
    errors: { refreshToken: ["Refresh token is required"] },
  });
});

test("logout makes the access token fail at once with 401 and WWW-Authenticate, and ends the refresh token", async () => {
  const account = await registerViaApi();
  const other = await loginViaApi(account.email);
  const out = await api("/api/auth/logout", { method: "POST", token: account.accessToken });
  expect(out.status).toBe(200);
  expect(out.body.status).toBe("success");

  const after = await api("/api/users/profile", { token: account.accessToken });
  expect(after.status).toBe(401);
  expect(after.res.headers.get("WWW-Authenticate")).toMatch(/^Bearer error="invalid_token"/);
  expect(after.body).toEqual({ status: "error", message: "Invalid or expired token" });
  expect((await api("/api/auth/refresh-token", { json: { refreshToken: account.refreshToken } })).status).toBe(401);

  // Only this login ended; the other one still works.
  expect((await api("/api/users/profile", { token: other.accessToken })).status).toBe(200);
});

test("without a token: 401 with a plain Bearer challenge; with a forged one: invalid_token", async () => {
  const none = await api("/api/users/profile");
  expect(none.status).toBe(401);
  expect(none.res.headers.get("WWW-Authenticate")).toBe("Bearer");
  expect(none.body).toEqual({ status: "error", message: "Authentication required" });

  const account = await registerViaApi();
  const [h, p] = account.accessToken.split(".");
  const forgedPayload = btoa(JSON.stringify({ ...jwtClaims(account.accessToken), role: "superadmin" }))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  // A padded signature decodes to the same bytes but is not the token we issued (issue 9).
  const padded = `${account.accessToken}=`;
  for (const token of [`${h}.${forgedPayload}.${account.accessToken.split(".")[2]}`, `${h}.${p}.`, "garbage", padded]) {
    const res = await api("/api/users/profile", { token });
    expect(res.status).toBe(401);
    expect(res.res.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
  }
});

test("a body that is not JSON answers 415; malformed JSON answers 400", async () => {
  const form = await api("/api/auth/login", {
    body: new URLSearchParams({ email: "a@example.com", password: "x" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(form.status).toBe(415);
  expect(form.body).toEqual({ status: "error", message: "Request body must be JSON" });

  const noType = await api("/api/auth/login", { body: JSON.stringify({ email: "a@example.com", password: "x" }) });
  expect(noType.status).toBe(415);

  const broken = await api("/api/auth/login", { body: "{not json", headers: { "Content-Type": "application/json" } });
  expect(broken.status).toBe(400);
  expect(broken.body).toEqual({ status: "error", message: "Request body is not valid JSON" });
});

test("other methods answer 405 with Allow; other /api paths answer a JSON 404, not a redirect", async () => {
  const get = await api("/api/auth/login");
  expect(get.status).toBe(405);
  expect(get.res.headers.get("Allow")).toBe("POST");
  expect(get.body.status).toBe("error");

  const del = await api("/api/users/profile", { method: "DELETE" });
  expect(del.status).toBe(405);
  expect(del.res.headers.get("Allow")).toBe("GET, PUT, HEAD");

  for (const [method, path] of [
    ["GET", "/api/nope"],
    ["POST", "/api/auth/nope"],
    ["GET", "/api"],
  ] as const) {
    const res = await api(path, { method });
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(res.res.headers.get("Location")).toBeNull();
    expect(res.body).toEqual({ status: "error", message: "Not found" });
  }
});

test("API login, failed login, register and logout are recorded in the activity log", async () => {
  const account = await registerViaApi();
  await api("/api/auth/login", { json: { email: account.email, password: "Wrong1234" }, ip: "198.51.100.7" });
  const session = await loginViaApi(account.email);
  await api("/api/auth/logout", { method: "POST", token: account.accessToken });
  const { status, body } = await api("/api/users/activity", { token: session.accessToken });
  expect(status).toBe(200);
  const actions = (body.data.data.activities as { action: string }[]).map((a) => a.action);
  expect(actions).toEqual(["logout", "login", "login_failed", "sign_up"]);
  const failed = body.data.activities.find((a: { action: string }) => a.action === "login_failed");
  expect(failed.ipAddress).toBe("198.51.100.7");
});

test("a web session cookie alone does not authorise the API", async () => {
  const b = browser();
  await registerViaForm(b);
  expect(b.cookies.size).toBeGreaterThan(0);
  const res = await api("/api/auth/logout", {
    method: "POST",
    headers: { Cookie: b.cookieHeader(), "Sec-Fetch-Site": "same-origin" },
  });
  expect(res.status).toBe(401);
  expect(res.body.message).toBe("Authentication required");
});

test("the OpenAPI document lists every endpoint with schemas and bearer security", async () => {
  const { status, body, res } = await api("/api/openapi.json");
  expect(status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("application/json");
  const doc = body as unknown as {
    openapi: string;
    paths: Record<string, Record<string, { security: unknown[]; requestBody?: { content: Record<string, { schema: { properties: object } }> } }>>;
    components: { securitySchemes: Record<string, unknown> };
  };
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  expect(operations).toEqual(
    expect.arrayContaining([
      "POST /api/auth/register",
      "POST /api/auth/login",
      "POST /api/auth/logout",
      "POST /api/auth/refresh-token",
      "GET /api/users/profile",
      "PUT /api/users/profile",
      "PUT /api/users/password",
      "GET /api/users/activity",
      "GET /api/users",
      "PUT /api/users/{id}",
    ]),
  );
  const register = doc.paths["/api/auth/register"]!.post!;
  expect(register.security).toEqual([]);
  expect(Object.keys(register.requestBody!.content["application/json"]!.schema.properties).sort()).toEqual([
    "email",
    "firstName",
    "lastName",
    "password",
    "timeZone",
  ]);
  expect(doc.paths["/api/users/profile"]!.get!.security).toEqual([{ bearerAuth: [] }]);
});

test("register takes an optional IANA time zone, like the web form's hidden field; another value is a 400 on the field and creates nothing", async () => {
  const email = uniqueEmail();
  const wrong = await api("/api/auth/register", { json: { firstName: "Ana", lastName: "Pérez", email, password: "Sup3rSecret", timeZone: "Mars/Olympus" }, headers: { "Accept-Language": "es" } });
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrong.body.errors ?? {})).toEqual(["timeZone"]);
  expect(wrong.body.message).toBe("Elige una zona horaria de la lista (un nombre IANA como America/Caracas)");
  const made = await api("/api/auth/register", { json: { firstName: "Ana", lastName: "Pérez", email, password: "Sup3rSecret", timeZone: "America/Caracas" } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.data.user.timeZone).toBe("America/Caracas");
  const profile = await api("/api/users/profile", { token: made.body.data.accessToken });
  expect(profile.body.data.user.timeZone).toBe("America/Caracas");
});
