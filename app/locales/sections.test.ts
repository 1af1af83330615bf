import { expect, test } from "vitest";
import { en } from "./en";
import { shell as enShell } from "./en/shell";
import { shell as esShell } from "./es/shell";
import { pageSections, routeMessages, sectionsOf, serverOnlyGroups } from "./sections";

test("every top-level group of messages is in the shell, a page's section or the server's alone, never two of them", () => {
  const shellKeys = Object.keys(enShell);
  expect([...shellKeys, ...pageSections, ...serverOnlyGroups].sort()).toEqual(Object.keys(en).sort());
  expect(shellKeys.filter((key) => (pageSections as readonly string[]).includes(key))).toEqual([]);
  expect(Object.keys(esShell).sort()).toEqual([...shellKeys].sort());
});

test("a page's sections are those its matched routes name, each once; other handles are ignored", () => {
  const matches = [{ handle: undefined }, { handle: routeMessages("admin") }, { handle: { other: true } }, { handle: routeMessages("settings", "admin") }];
  expect(sectionsOf(matches)).toEqual(["admin", "settings"]);
  expect(sectionsOf([{ handle: { messages: ["nope", "tags"] } }])).toEqual(["tags"]);
});
