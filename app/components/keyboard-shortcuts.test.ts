import { expect, test } from "vitest";
import { type KeyPress, shortcutOf } from "./keyboard-shortcuts";

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  defaultPrevented: false,
  target: { tagName: "BODY" },
  ...more,
});

test("on the page, n, / and ? are the three shortcuts and other keys are not", () => {
  expect(shortcutOf(press("n"))).toBe("newTransaction");
  expect(shortcutOf(press("/"))).toBe("search");
  expect(shortcutOf(press("?"))).toBe("help");
  expect(shortcutOf(press("N"))).toBeNull();
  expect(shortcutOf(press("x"))).toBeNull();
});

test("a key typed into a text field, a text area, a select or editable text is the user's, not a shortcut", () => {
  for (const target of [{ tagName: "INPUT", type: "text" }, { tagName: "INPUT", type: "search" }, { tagName: "INPUT" }, { tagName: "TEXTAREA" }, { tagName: "SELECT" }, { tagName: "DIV", isContentEditable: true }])
    expect(shortcutOf(press("n", { target })), JSON.stringify(target)).toBeNull();
  // A focused checkbox or button takes no typing: the shortcut works.
  expect(shortcutOf(press("n", { target: { tagName: "INPUT", type: "checkbox" } }))).toBe("newTransaction");
  expect(shortcutOf(press("?", { target: { tagName: "BUTTON" } }))).toBe("help");
});

test("with a modifier, during composition or when the page took the key, nothing happens", () => {
  expect(shortcutOf(press("n", { ctrlKey: true }))).toBeNull();
  expect(shortcutOf(press("n", { metaKey: true }))).toBeNull();
  expect(shortcutOf(press("/", { altKey: true }))).toBeNull();
  expect(shortcutOf(press("n", { isComposing: true }))).toBeNull();
  expect(shortcutOf(press("n", { defaultPrevented: true }))).toBeNull();
});
