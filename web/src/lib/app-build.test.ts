import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { appBuildKey, rememberAppBuild } from "./app-build";

/** web/index.html's script that preloads a signed-in page's files (the second inline script). */
const html = readFileSync(path.join(import.meta.dirname, "../../index.html"), "utf8");
const preloader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code!)[1]!;

const wanted = {
  build: "/assets/index-abc.js",
  links: [
    { rel: "preload", as: "style", crossOrigin: "", href: "/assets/dashboard-1.css" },
    { rel: "preload", as: "script", crossOrigin: "", href: "/assets/dashboard-page-2.js" },
  ],
};

function shell(list: object | null) {
  document.head.innerHTML = list ? `<meta name="app-preloads" content='${JSON.stringify(list)}'>` : "";
  new Function(preloader)();
  return [...document.head.querySelectorAll('link[rel="preload"]')] as HTMLLinkElement[];
}

afterEach(() => {
  window.localStorage.clear();
  document.head.innerHTML = "";
});

test("a browser that has not run this build preloads the shell's files, as the tags would", () => {
  const links = shell(wanted);
  expect(links.map((link) => [link.as, link.getAttribute("href"), link.getAttribute("crossorigin")])).toEqual([
    ["style", "/assets/dashboard-1.css", ""],
    ["script", "/assets/dashboard-page-2.js", ""],
  ]);
  // An older build's files are not this one's.
  document.head.innerHTML = "";
  window.localStorage.setItem(appBuildKey, "/assets/index-older.js");
  expect(shell(wanted)).toHaveLength(2);
});

test("once the app has run, the next visit preloads nothing: its files are in the HTTP cache", () => {
  rememberAppBuild(`http://127.0.0.1:5050${wanted.build}`);
  expect(window.localStorage.getItem(appBuildKey)).toBe(wanted.build);
  expect(shell(wanted)).toEqual([]);
});

test("a page without the list (a public page) is left alone", () => {
  expect(shell(null)).toEqual([]);
});
