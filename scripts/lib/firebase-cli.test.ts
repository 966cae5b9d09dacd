import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { emulatorConfig } from "./firebase-cli.ts";
import { emulatorUrl, rootDir } from "./project.ts";

const production = JSON.parse(readFileSync(path.join(rootDir, "firebase.json"), "utf8"));

/** Every Content-Security-Policy in a config, as directive name → sources. */
function policies(config: typeof production): Map<string, string[]>[] {
  return config.hosting.headers.flatMap(({ headers }: { headers: { key: string; value: string }[] }) =>
    headers
      .filter((header) => header.key === "Content-Security-Policy")
      .map(
        (header) =>
          new Map(
            header.value.split(";").map((directive) => {
              const [name, ...sources] = directive.trim().split(/\s+/);
              return [name!, sources];
            }),
          ),
      ),
  );
}

describe("the Content-Security-Policy", () => {
  test("that deploys (firebase.json) names no local or emulator host", () => {
    const found = policies(production);
    expect(found.length).toBeGreaterThan(0);
    for (const policy of found) {
      expect([...policy.values()].flat().filter((source) => /127\.0\.0\.1|localhost|\[::1\]/.test(source))).toEqual([]);
    }
  });

  test("the emulators serve lets the app reach the Auth and Firestore emulators, and changes nothing else", () => {
    const [deployed] = policies(production);
    const [emulated] = policies(emulatorConfig(production, false));
    expect(emulated!.get("connect-src")).toEqual([
      ...deployed!.get("connect-src")!,
      emulatorUrl("auth"),
      emulatorUrl("firestore"),
    ]);
    expect(emulated!.get("frame-src")).toEqual([...deployed!.get("frame-src")!, emulatorUrl("auth")]);
    for (const [name, sources] of deployed!) {
      if (name !== "connect-src" && name !== "frame-src") expect(emulated!.get(name)).toEqual(sources);
    }
  });

  test("the emulators' copy turns the Emulator UI on only when it is cached, and leaves firebase.json as it is", () => {
    const before = JSON.stringify(production);
    expect(emulatorConfig(production, true).emulators.ui).toEqual({ enabled: true });
    expect(emulatorConfig(production, false).emulators.ui).toEqual({ enabled: false });
    expect(JSON.stringify(production)).toBe(before);
  });
});
