/**
 * Prepares what `firebase emulators:*` needs to run the Firestore emulator without internet access.
 *
 * firebase-tools downloads the emulator jar on first use, which cannot work offline. It accepts
 * FIRESTORE_EMULATOR_BINARY_PATH instead, but starts it with `java -jar`, and the Google Cloud CLI's
 * cloud-firestore-emulator jar has no Main-Class. So when firebase-tools' own jar is not cached we make a
 * tiny launcher jar (a manifest only: Main-Class plus a Class-Path pointing at the Cloud CLI jar) with the
 * JDK's `jar` tool, and put a Java 21+ first on PATH, since the machine's default `java` may be older.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureLocalSecrets } from "./local-secrets.ts";
import { rootDir } from "./project.ts";

const minimumJavaMajor = 21;
const firestoreMainClass = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";
const launcherDir = path.join(rootDir, ".toolchain", "firestore-emulator");

/** A refusal to start, worded as the one sentence the developer needs. */
export class SetupError extends Error {
  override name = "SetupError";
}

export interface EmulatorEnv {
  env: NodeJS.ProcessEnv;
  javaHome: string;
  firestoreJar: string;
}

export function prepareEmulatorEnv(baseEnv: NodeJS.ProcessEnv = process.env): EmulatorEnv {
  const java = findJava(baseEnv);
  ensureLocalSecrets();
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    // Google's client libraries otherwise probe for a GCE metadata server, which is never there locally.
    METADATA_SERVER_DETECTION: "none",
    // As in production: the Functions runtime then answers a malformed JSON body with a bare 400, not a
    // stack trace (its body parser runs before our code can).
    NODE_ENV: "production",
    JAVA_HOME: java.home,
    JAVA_TOOL_OPTIONS: firestoreJvmOptions(baseEnv.JAVA_TOOL_OPTIONS),
    PATH: `${path.join(java.home, "bin")}${path.delimiter}${baseEnv.PATH ?? ""}`,
  };

  const override = baseEnv.FIRESTORE_EMULATOR_BINARY_PATH;
  if (override) {
    if (!existsSync(override)) {
      throw new SetupError(
        `FIRESTORE_EMULATOR_BINARY_PATH points at ${override}, which does not exist: fix or unset it.`,
      );
    }
    return { env, javaHome: java.home, firestoreJar: override };
  }

  const cached = firebaseToolsCachedJar();
  if (cached) return { env, javaHome: java.home, firestoreJar: cached };

  const cloudJar = cloudCliFirestoreJar();
  const launcher = ensureLauncherJar(java.home, cloudJar);
  env.FIRESTORE_EMULATOR_BINARY_PATH = launcher;
  return { env, javaHome: java.home, firestoreJar: cloudJar };
}

/**
 * The Firestore emulator's JVM: the parallel collector, which spends less of a two-core machine than the
 * default G1 (20,000 events through the emulator: 13% less of the JVM's CPU). A collector the developer
 * chose in JAVA_TOOL_OPTIONS is kept (two would stop the JVM).
 */
export function firestoreJvmOptions(given: string | undefined): string {
  if (given && /-XX:[+-]Use\w*GC\b/.test(given)) return given;
  return [given, "-XX:+UseParallelGC"].filter(Boolean).join(" ");
}

interface Java {
  home: string;
  major: number;
}

/** The first Java 21+ in JAVA_HOME, on PATH or in the system JVM folders. */
export function findJava(env: NodeJS.ProcessEnv, jvmRoots: string[] = systemJvmRoots()): Java {
  const candidates: string[] = [];
  if (env.JAVA_HOME) candidates.push(path.join(env.JAVA_HOME, "bin", "java"));
  const onPath = which("java", env);
  if (onPath) candidates.push(onPath);
  candidates.push(...systemJvms(jvmRoots));

  const seen: string[] = [];
  for (const candidate of candidates) {
    const major = javaMajor(candidate);
    if (major === undefined) continue;
    seen.push(`Java ${major} at ${candidate}`);
    if (major >= minimumJavaMajor) return { home: javaHomeOf(candidate), major };
  }
  const found = seen.length > 0 ? `only ${seen.join(", ")} was found` : "no Java was found";
  throw new SetupError(
    `The Firestore emulator needs Java ${minimumJavaMajor} or newer and ${found} ` +
      `(looked at JAVA_HOME, java on PATH and ${jvmRoots.join(", ")}): install a JDK ${minimumJavaMajor}+, e.g. ` +
      "`apt-get install openjdk-21-jdk-headless`, or set JAVA_HOME to one.",
  );
}

function systemJvmRoots(): string[] {
  return process.platform === "darwin" ? ["/Library/Java/JavaVirtualMachines"] : ["/usr/lib/jvm"];
}

/** Every java binary under the JVM folders, newest-looking first. */
function systemJvms(jvmRoots: string[]): string[] {
  const found: string[] = [];
  for (const root of jvmRoots) {
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root)) {
      if (entry.startsWith(".")) continue;
      const home = process.platform === "darwin" ? path.join(root, entry, "Contents", "Home") : path.join(root, entry);
      const bin = path.join(home, "bin", "java");
      if (existsSync(bin)) found.push(bin);
    }
  }
  return found.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
}

function javaMajor(javaBin: string): number | undefined {
  const result = spawnSync(javaBin, ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) return undefined;
  return parseJavaMajor(`${result.stderr}${result.stdout}`);
}

/** The major version in `java -version` output; Java 8 and older call themselves 1.x. */
export function parseJavaMajor(versionOutput: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match?.[1]) return undefined;
  const first = Number(match[1]);
  return first === 1 ? Number(match[2]) : first;
}

/** JAVA_HOME for a java binary, following symlinks such as /usr/bin/java -> /etc/alternatives/... */
function javaHomeOf(javaBin: string): string {
  const result = spawnSync(javaBin, ["-XshowSettings:properties", "-version"], { encoding: "utf8" });
  const match = /java\.home = (.+)/.exec(result.stderr);
  return match?.[1]?.trim() ?? path.dirname(path.dirname(javaBin));
}

function which(command: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** firebase-tools' own download, when some earlier online run left it in the cache. */
function firebaseToolsCachedJar(): string | undefined {
  const info = JSON.parse(
    readFileSync(path.join(rootDir, "node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json"), "utf8"),
  ) as { firestore: { downloadPathRelativeToCacheDir: string } };
  const jar = path.join(os.homedir(), ".cache", "firebase", "emulators", info.firestore.downloadPathRelativeToCacheDir);
  return existsSync(jar) ? jar : undefined;
}

function cloudCliFirestoreJar(): string {
  const roots: string[] = [];
  const gcloud = spawnSync("gcloud", ["info", "--format=value(installation.sdk_root)"], { encoding: "utf8" });
  if (!gcloud.error && gcloud.status === 0 && gcloud.stdout.trim()) roots.push(gcloud.stdout.trim());
  roots.push("/usr/lib/google-cloud-sdk", path.join(os.homedir(), "google-cloud-sdk"));
  return findCloudCliFirestoreJar(roots);
}

/** The Cloud CLI's Firestore emulator jar under the first of these SDK roots that has it. */
export function findCloudCliFirestoreJar(roots: string[]): string {
  for (const root of roots) {
    const jar = path.join(root, "platform", "cloud-firestore-emulator", "cloud-firestore-emulator.jar");
    if (existsSync(jar)) return jar;
  }
  throw new SetupError(
    "The Firestore emulator is missing: firebase-tools has not cached its jar and cannot download it " +
      "offline, and the Google Cloud CLI's cloud-firestore-emulator component was not found; install it with " +
      "`gcloud components install cloud-firestore-emulator` (or `apt-get install google-cloud-cli-firestore-emulator`).",
  );
}

function ensureLauncherJar(javaHome: string, targetJar: string): string {
  const manifest =
    "Manifest-Version: 1.0\n" +
    `Main-Class: ${firestoreMainClass}\n` +
    `Class-Path: ${pathToFileURL(targetJar).href}\n`;
  const launcher = path.join(launcherDir, "cloud-firestore-emulator-launcher.jar");
  const manifestFile = path.join(launcherDir, "MANIFEST.MF");
  if (existsSync(launcher) && existsSync(manifestFile) && readFileSync(manifestFile, "utf8") === manifest) {
    return launcher;
  }
  const jarTool = path.join(javaHome, "bin", "jar");
  if (!existsSync(jarTool)) {
    throw new SetupError(
      `The Java at ${javaHome} has no \`jar\` tool, which is needed once to make the Firestore emulator launcher: ` +
        "install a full JDK 21+ (not only a JRE), e.g. `apt-get install openjdk-21-jdk-headless`, or set JAVA_HOME to one.",
    );
  }
  mkdirSync(launcherDir, { recursive: true });
  writeFileSync(manifestFile, manifest);
  const made = spawnSync(jarTool, ["--create", "--file", launcher, "--manifest", manifestFile], { encoding: "utf8" });
  if (made.status !== 0) {
    throw new SetupError(
      `Making the Firestore emulator launcher jar failed: ${made.stderr.trim() || made.error?.message}.`,
    );
  }
  return launcher;
}
