import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { pageText, signedIn } from "./helpers";

// One Spanish term per concept (issue 23, the glossary in app/locales/es/index.ts): the pages say
// what the navigation says, a person is addressed without gender, and sentences are whole.

test("in Spanish the reports page is 'Informes' in its title, heading and the navigation, never 'Reportes'", async () => {
  const { b } = await signedIn("es");
  const html = await (await b.fetch("/reports?month=2026-10")).text();
  expect(html).toMatch(/<title>Informes<\/title>/);
  expect(html).toMatch(/<h1[^>]*>Informes<\/h1>/);
  expect(html).toMatch(/href="\/reports"[^>]*>(<[^>]+>)*Informes/);
  expect(html).not.toMatch(/Reportes|reporte/i);
});

test("in Spanish a superadmin is 'Administrador' on the badge and in the action that makes one, never 'superadministrador'", async () => {
  const { b, userId } = await signedIn("es");
  await env.DB.prepare("update users set role = 'superadmin' where id = ?").bind(userId).run();
  await signedIn(); // another user, so the list has a row with actions
  const html = await (await b.fetch("/admin/users")).text();
  expect(html).toContain(">Administrador<");
  expect(html).toContain("Hacer administrador");
  expect(html).not.toMatch(/superadministrador/i);
});

test("in Spanish a goal's monthly figure reads as a whole sentence: '… al mes para alcanzarla a tiempo'", async () => {
  const { b } = await signedIn("es");
  const created = await b.fetch("/budgets?newGoal", {
    form: { intent: "goal-create", name: "Portátil", currencyCode: "USD", targetAmount: "1500", savedAmount: "420", targetDate: "2031-01-01", description: "" },
  });
  expect(created.status).toBe(302);
  const text = await pageText(b, "/budgets");
  expect(text).toMatch(/US\$ [\d.,]+ al mes para alcanzarla a tiempo/);
  expect(text).not.toContain("lo alcanzan");
});
