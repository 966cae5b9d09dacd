import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { installProblem, missingPackages } from "./installed-tree.ts";
import { rootDir } from "./project.ts";

/** A checkout with the given lockfile entries, of which `installed` exist in node_modules. */
function fakeCheckout(packages: Record<string, object>, installed: string[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "installed-tree-"));
  writeFileSync(path.join(root, "package-lock.json"), JSON.stringify({ packages: { "": {}, ...packages } }));
  mkdirSync(path.join(root, "node_modules"));
  for (const location of installed) {
    mkdirSync(path.join(root, location), { recursive: true });
    writeFileSync(path.join(root, location, "package.json"), "{}");
  }
  return root;
}

describe("missingPackages", () => {
  const packages = {
    "node_modules/present": {},
    "node_modules/@scope/absent": {},
    "functions/node_modules/nested-absent": {},
    "node_modules/optional-absent": { optional: true },
    "node_modules/other-platform": { os: [process.platform === "win32" ? "darwin" : "win32"] },
    "node_modules/this-platform": { os: [process.platform], cpu: [`!${process.arch}-not`] },
  };

  test("names the regular packages the lockfile lists and node_modules lacks, on this platform", () => {
    const root = fakeCheckout(packages, ["node_modules/present"]);
    expect(missingPackages(root).sort()).toEqual(["@scope/absent", "nested-absent", "this-platform"]);
  });

  test("is empty when every regular package is there", () => {
    const root = fakeCheckout(packages, [
      "node_modules/present",
      "node_modules/@scope/absent",
      "functions/node_modules/nested-absent",
      "node_modules/this-platform",
    ]);
    expect(missingPackages(root)).toEqual([]);
    expect(installProblem(root)).toBeUndefined();
  });

  test("says in one sentence what to run", () => {
    const root = fakeCheckout(packages, []);
    expect(installProblem(root)).toMatch(
      /^The install is incomplete \(.+ and 1 more missing .*\): run `npm ci` again\.$/,
    );
    const empty = mkdtempSync(path.join(os.tmpdir(), "installed-tree-"));
    expect(installProblem(empty)).toBe("The project's packages are not installed: run `npm ci` first.");
  });
});

/** Every file of ours under `dir` (not node_modules, not build output). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(rootDir, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/[\\/](node_modules|lib|dist)[\\/]/.test(path.relative(rootDir, file)));
}

/** The packages a file imports (bare specifiers; not node: built-ins or the web app's @domain and @contract aliases). */
function importedPackages(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm, // import … from "x", export … from "x"
    /^\s*import\s+"([^"]+)"/gm, // import "x"
    /\bimport\(\s*"([^"]+)"\s*\)/g, // import("x")
  ];
  const specifiers = patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
  return specifiers.filter((specifier) => !/^(\.|node:|@domain\/|@contract\/)/.test(specifier));
}

const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** Is `name` installed where Node would look for it from `file` (its folder and every parent)? */
function installedFrom(file: string, name: string): boolean {
  for (let dir = path.dirname(file); dir.startsWith(rootDir); dir = path.dirname(dir)) {
    try {
      readFileSync(path.join(dir, "node_modules", name, "package.json"));
      return true;
    } catch {
      // not here: look in the parent
    }
  }
  return false;
}

describe("the installed tree", () => {
  test("holds every package package-lock.json says npm ci installs", () => {
    expect(missingPackages(rootDir)).toEqual([]);
  });

  test("holds every package the product, its scripts and its tests import", () => {
    const files = ["functions/src", "web/src", "web/scripts", "scripts", "tests"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const missing = files.flatMap((file) =>
      importedPackages(file)
        .map(packageName)
        .filter((name) => !installedFrom(file, name))
        .map((name) => `${path.relative(rootDir, file)} imports ${name}`),
    );
    expect(missing).toEqual([]);
  });

  // What failed under Node 20: firebase-admin/firestore resolves, but the Firestore client it loads was
  // skipped by npm. Loading each module the functions import catches a package missing further down.
  test("loads every module the functions import, with what they import in turn", async () => {
    const specifiers = new Set(
      sourceFiles("functions/src")
        .filter((file) => !file.includes(".test."))
        .flatMap(importedPackages),
    );
    expect(specifiers).toContain("firebase-admin/firestore");
    const failures: string[] = [];
    for (const specifier of specifiers) {
      await import(specifier).catch((error: Error) => failures.push(`${specifier}: ${error.message}`));
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
