/**
 * `npm run roles`: granting and revoking staff and admin by e-mail, against the emulators this run uses,
 * seen through the API the way the web app sees it.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { demoProjectId, emulatorUrl, emulators, rootDir } from "../../scripts/lib/project.ts";
import { api, auth, createUser, signIn } from "../support/users.ts";

const run = promisify(execFile);

/** Runs scripts/roles.ts as `npm run roles` would, with the emulators named by --emulator. */
async function roles(...args: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env };
  delete env.FIREBASE_AUTH_EMULATOR_HOST; // --emulator must find the emulators by itself
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(rootDir, "scripts/roles.ts"), ...args], {
      env,
      cwd: rootDir,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

const isAdvertiser = async (token: string) => (await api({ token }, "GET", "/api/check_advertiser")).json;

/** The status of listing the affiliates through the Firestore emulator's REST API with `token`, as a client. */
async function listAffiliatesStatus(token: string): Promise<number> {
  const url = `${emulatorUrl("firestore")}/v1/projects/${demoProjectId}/databases/(default)/documents/affiliates?pageSize=1`;
  return (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).status;
}

describe("npm run roles", () => {
  test("grant staff: the next token is staff; revoke: the old token is refused and the next is not staff", async () => {
    const user = await createUser();
    expect(await isAdvertiser(user.token)).toEqual({ is_advertiser: false });

    const granted = await roles("grant", "staff", user.email.toUpperCase(), "--emulator");
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.out).toContain(`Granted staff to ${user.email} (${user.uid})`);
    expect(granted.out).toContain(`${emulators.auth.host}:${emulators.auth.port}`);
    expect((await auth().getUser(user.uid)).customClaims).toEqual({ advertiser: true });
    const staffToken = await signIn(user);
    expect(await isAdvertiser(staffToken)).toEqual({ is_advertiser: true });
    expect((await api({ token: staffToken }, "GET", "/api/summary?limit=1")).status).toBe(200);

    // Revocation counts from the next whole second after the token was issued.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const revoked = await roles("revoke", "staff", user.email, "--emulator");
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.out).toContain("their sessions were ended");
    expect((await auth().getUser(user.uid)).customClaims ?? {}).toEqual({});
    expect((await api({ token: staffToken }, "GET", "/api/summary")).status).toBe(401);
    const nextToken = await signIn(user);
    expect((await api({ token: nextToken }, "GET", "/api/summary")).status).toBe(403);
  }, 60_000);

  test("revoke staff: the Firestore rules refuse the token issued before the revoke at once", async () => {
    const user = await createUser();
    expect(await listAffiliatesStatus(user.token)).toBe(403);
    expect(await roles("grant", "staff", user.email, "--emulator")).toMatchObject({ code: 0 });
    const staffToken = await signIn(user);
    expect(await listAffiliatesStatus(staffToken)).toBe(200);

    // Revocation counts from the next whole second after the token was issued.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await roles("revoke", "staff", user.email, "--emulator")).toMatchObject({ code: 0 });
    expect(await listAffiliatesStatus(staffToken)).toBe(403);

    // Granted again, a fresh sign-in reads as staff again.
    expect(await roles("grant", "staff", user.email, "--emulator")).toMatchObject({ code: 0 });
    expect(await listAffiliatesStatus(await signIn(user))).toBe(200);
  }, 60_000);

  test("grant admin keeps the user's other claims; the admin sees the advertiser side too", async () => {
    const user = await createUser({ claims: { advertiser: true } });
    expect(await roles("grant", "admin", user.email, "--emulator")).toMatchObject({ code: 0 });
    expect((await auth().getUser(user.uid)).customClaims).toEqual({ advertiser: true, admin: true });

    expect(await roles("revoke", "staff", user.email, "--emulator")).toMatchObject({ code: 0 });
    const token = await signIn(user);
    expect(await isAdvertiser(token)).toEqual({ is_advertiser: true });
  }, 60_000);

  test.each([
    [["grant", "staff", "nobody-here@test.example", "--emulator"], 1, "No account with the e-mail"],
    [["grant", "boss", "a@test.example", "--emulator"], 2, 'The role is staff or admin, not "boss".'],
    [["promote", "staff", "a@test.example", "--emulator"], 2, 'Say grant or revoke, not "promote".'],
    [["grant", "staff", "not-an-email", "--emulator"], 2, "is not an e-mail address"],
  ])("%j exits %i saying why", async (args, code, message) => {
    const answer = await roles(...args);
    expect(answer.code).toBe(code);
    expect(answer.out).toContain(message);
  });
});
