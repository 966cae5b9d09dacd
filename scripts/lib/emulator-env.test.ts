import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { findCloudCliFirestoreJar, findJava, firestoreJvmOptions, parseJavaMajor } from "./emulator-env.ts";

describe("parseJavaMajor", () => {
  test.each([
    ['openjdk version "25.0.3" 2026-04-21\nOpenJDK Runtime Environment Temurin-25.0.3+9', 25],
    ['openjdk version "21" 2023-09-19', 21],
    ['openjdk version "17.0.15" 2025-04-15', 17],
    ['java version "1.8.0_392"\nJava(TM) SE Runtime Environment', 8],
  ])("reads %j as Java %i", (output, major) => {
    expect(parseJavaMajor(output)).toBe(major);
  });

  test("gives up on output that names no version", () => {
    expect(parseJavaMajor("command not found")).toBeUndefined();
  });
});

/** A folder of fake JDKs whose `java -version` reports the given majors. */
function fakeJvms(majors: number[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "jvms-"));
  for (const major of majors) {
    const bin = path.join(root, `jdk-${major}`, "bin");
    mkdirSync(bin, { recursive: true });
    const java = path.join(bin, "java");
    writeFileSync(java, `#!/bin/sh\necho 'openjdk version "${major}.0.1" 2026-01-01' >&2\n`);
    chmodSync(java, 0o755);
  }
  return root;
}

describe("findJava", () => {
  test("takes a Java 21+ from the JVM folder when PATH's java is older", () => {
    const root = fakeJvms([17, 25]);
    const java = findJava({ PATH: path.join(root, "jdk-17", "bin") }, [root]);
    expect(java.major).toBe(25);
  });

  test("prefers JAVA_HOME when it is new enough", () => {
    const root = fakeJvms([21, 25]);
    const java = findJava({ JAVA_HOME: path.join(root, "jdk-21"), PATH: "" }, [root]);
    expect(java.major).toBe(21);
  });

  test("says in one sentence what is missing and how to install it", () => {
    const root = fakeJvms([11, 17]);
    expect(() => findJava({ PATH: "" }, [root])).toThrow(
      /^The Firestore emulator needs Java 21 or newer and only Java 17 at .*, Java 11 at .* was found .*apt-get install openjdk-21-jdk-headless/,
    );
  });
});

describe("findCloudCliFirestoreJar", () => {
  test("finds the emulator jar under the first SDK root that has it", () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "sdk-"));
    const sdk = mkdtempSync(path.join(os.tmpdir(), "sdk-"));
    const folder = path.join(sdk, "platform", "cloud-firestore-emulator");
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "cloud-firestore-emulator.jar"), "");
    expect(findCloudCliFirestoreJar([empty, sdk])).toBe(path.join(folder, "cloud-firestore-emulator.jar"));
  });

  test("says in one sentence what is missing and how to install it", () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "sdk-"));
    expect(() => findCloudCliFirestoreJar([empty])).toThrow(
      /^The Firestore emulator is missing: .*gcloud components install cloud-firestore-emulator/,
    );
  });
});

describe("firestoreJvmOptions", () => {
  test("adds the parallel collector to what the developer gave, or gives it alone", () => {
    expect(firestoreJvmOptions(undefined)).toBe("-XX:+UseParallelGC");
    expect(firestoreJvmOptions("-Xmx2g")).toBe("-Xmx2g -XX:+UseParallelGC");
  });

  test("keeps a collector the developer chose (two stop the JVM)", () => {
    expect(firestoreJvmOptions("-Xmx2g -XX:+UseZGC")).toBe("-Xmx2g -XX:+UseZGC");
    expect(firestoreJvmOptions("-XX:+UseSerialGC")).toBe("-XX:+UseSerialGC");
  });
});
