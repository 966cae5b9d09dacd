/**
 * Is the installed tree the one package-lock.json describes? npm can finish an install with packages
 * silently left out: under a Node older than a package's `engines`, it skips optional dependencies (that
 * is how firebase-admin's Firestore client went missing under Node 20). Every npm script checks this
 * first (scripts/run.sh), so a broken install is named in one sentence instead of surfacing as sixty type
 * errors or a function that cannot load.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface LockedPackage {
  optional?: boolean;
  link?: boolean;
  os?: string[];
  cpu?: string[];
}

interface Lockfile {
  packages: Record<string, LockedPackage>;
}

/** npm's `os`/`cpu` lists: names allowed, or `!name` denied. */
function matches(list: string[] | undefined, value: string): boolean {
  if (!list || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  return list.some((entry) => !entry.startsWith("!")) ? list.includes(value) : true;
}

/**
 * The packages the lockfile says `npm ci` installs on this platform that are not in node_modules.
 * Optional packages are left out of the question: npm may skip them by design (another platform's
 * binary); a package the product needs is a regular dependency (functions/package.json lists
 * @google-cloud/firestore for that reason), so it is checked.
 */
export function missingPackages(root: string): string[] {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lockfile;
  return Object.entries(lock.packages)
    .filter(([location, entry]) => location.includes("node_modules/") && !entry.optional)
    .filter(([, entry]) => matches(entry.os, process.platform) && matches(entry.cpu, process.arch))
    .filter(([location]) => !existsSync(path.join(root, location, "package.json")))
    .map(([location]) => location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length));
}

/** One sentence saying what to run, or undefined when the tree is complete. */
export function installProblem(root: string): string | undefined {
  if (!existsSync(path.join(root, "node_modules"))) {
    return "The project's packages are not installed: run `npm ci` first.";
  }
  const missing = missingPackages(root);
  if (missing.length === 0) return undefined;
  const named = missing.slice(0, 3).join(", ") + (missing.length > 3 ? ` and ${missing.length - 3} more` : "");
  return `The install is incomplete (${named} missing from node_modules): run \`npm ci\` again.`;
}
