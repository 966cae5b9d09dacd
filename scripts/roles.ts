/**
 * npm run roles -- grant|revoke staff|admin <email> [--project <id>] [--emulator]
 *
 * Grants or revokes a role by e-mail (DESIGN.md "Roles"): staff is the `advertiser` custom claim, admin the
 * `admin` claim (an admin is staff too). The user must have signed in once, so the account exists.
 *
 *   npm run roles -- grant staff sam@example.com --emulator          the running emulators (npm start)
 *   npm run roles -- grant admin ada@example.com --project my-prod   a real project (application default
 *                                                                   credentials: gcloud auth application-default login)
 *
 * The emulators are used when --emulator is given or FIREBASE_AUTH_EMULATOR_HOST is set (as inside
 * `firebase emulators:exec`). A grant reaches the user's ID token at their next sign-in or token refresh
 * (within the hour). A revoke also revokes their sessions, so the API refuses their current token at once,
 * and records the moment in role_revocations/{uid}, so the Firestore rules refuse it at once too.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { applicationDefault, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { demoProjectId, emulators, rootDir } from "./lib/project.ts";

const usage = "Usage: npm run roles -- grant|revoke staff|admin <email> [--project <id>] [--emulator]";

/** The custom claim behind each role. */
const claims = { staff: "advertiser", admin: "admin" } as const;
type Role = keyof typeof claims;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { project: { type: "string" }, emulator: { type: "boolean", default: false } },
  });
  const [action, role, email, ...extra] = positionals;
  if (action !== "grant" && action !== "revoke") throw new UsageError(`Say grant or revoke, not "${action ?? ""}".`);
  if (role !== "staff" && role !== "admin") throw new UsageError(`The role is staff or admin, not "${role ?? ""}".`);
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`"${email ?? ""}" is not an e-mail address.`);
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(" ")}`);

  const emulator = values.emulator || Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
  const project =
    values.project ??
    (emulator ? (process.env.GCLOUD_PROJECT ?? demoProjectId) : (process.env.GOOGLE_CLOUD_PROJECT ?? undefined));
  if (!project) throw new UsageError("Name the project: --project <id> (or --emulator for the local emulators).");
  return { action, role: role as Role, email: email.toLowerCase(), project, emulator };
}

/** The ADMIN_EMAILS parameter the functions read for this project, when its file is in the checkout. */
function configuredAdmins(project: string): string[] {
  for (const file of [`.env.${project}`, ".env"]) {
    try {
      const text = readFileSync(path.join(rootDir, "functions", file), "utf8");
      const line = /^ADMIN_EMAILS=(.*)$/m.exec(text)?.[1] ?? "";
      return line
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean);
    } catch {
      // No such file: try the next.
    }
  }
  return [];
}

async function run(argv: string[]): Promise<void> {
  const { action, role, email, project, emulator } = parse(argv);
  if (emulator && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${emulators.auth.host}:${emulators.auth.port}`;
  }
  if (emulator && !process.env.FIRESTORE_EMULATOR_HOST) {
    process.env.FIRESTORE_EMULATOR_HOST = `${emulators.firestore.host}:${emulators.firestore.port}`;
  }
  const app = initializeApp(
    emulator ? { projectId: project } : { projectId: project, credential: applicationDefault() },
  );
  const where = emulator ? `the emulators (${process.env.FIREBASE_AUTH_EMULATOR_HOST}, ${project})` : project;
  try {
    const auth = getAuth(app);
    const user = await auth.getUserByEmail(email).catch((error: { code?: string }) => {
      if (error.code === "auth/user-not-found") {
        throw new Error(`No account with the e-mail ${email} in ${where}: they must sign in once first.`);
      }
      throw error;
    });
    const claim = claims[role];
    const next: Record<string, unknown> = { ...user.customClaims };
    if (action === "grant") next[claim] = true;
    else delete next[claim];
    await auth.setCustomUserClaims(user.uid, next);

    if (action === "grant") {
      console.log(`Granted ${role} to ${email} (${user.uid}) in ${where}.`);
      console.log("It reaches their ID token at their next sign-in or token refresh (within the hour).");
    } else {
      // Without these their current ID token would keep the role for up to an hour: in the API (which
      // checks tokens for revocation) and in the Firestore rules (which trust a role only in a token
      // signed in since its last revocation, the same bound Auth uses).
      await auth.revokeRefreshTokens(user.uid);
      const { tokensValidAfterTime } = await auth.getUser(user.uid);
      const revokedAt = Math.floor(Date.parse(tokensValidAfterTime ?? new Date().toUTCString()) / 1000);
      await getFirestore(app).doc(`role_revocations/${user.uid}`).set({ revoked_at: revokedAt });
      console.log(`Revoked ${role} from ${email} (${user.uid}) in ${where}; their sessions were ended.`);
      if (role === "staff" && next.admin === true) console.log(`${email} is still an admin, and admins are staff.`);
      if (role === "admin" && configuredAdmins(project).includes(email)) {
        console.log(`${email} is in ADMIN_EMAILS for ${project}: the API makes them admin again at their next call.`);
        console.log("Remove them from ADMIN_EMAILS (functions/.env.<project>) and redeploy to end it.");
      }
    }
  } finally {
    await deleteApp(app);
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${usage}`);
    process.exitCode = 2;
  } else {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
