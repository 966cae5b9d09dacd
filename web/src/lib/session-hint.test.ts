import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { rememberSession, sessionHintAttribute, sessionHintKey } from "./session-hint";

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute(sessionHintAttribute);
});

test("Auth's answer writes the hint and marks the page at once", () => {
  rememberSession(true);
  expect(window.localStorage.getItem(sessionHintKey)).toBe("1");
  expect(document.documentElement.hasAttribute(sessionHintAttribute)).toBe(true);
  rememberSession(false);
  expect(window.localStorage.getItem(sessionHintKey)).toBeNull();
  expect(document.documentElement.hasAttribute(sessionHintAttribute)).toBe(false);
});

test("the script in index.html reads the same key and sets the same attribute, before any module", () => {
  const html = readFileSync(path.join(import.meta.dirname, "../../index.html"), "utf8");
  const [inline] = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code!);
  expect(inline).toBeDefined();
  expect(html.indexOf("<script>")).toBeLessThan(html.indexOf('<script type="module"'));
  window.localStorage.setItem(sessionHintKey, "1");
  new Function(inline!)();
  expect(document.documentElement.hasAttribute(sessionHintAttribute)).toBe(true);
  document.documentElement.removeAttribute(sessionHintAttribute);
  window.localStorage.removeItem(sessionHintKey);
  new Function(inline!)();
  expect(document.documentElement.hasAttribute(sessionHintAttribute)).toBe(false);
});
