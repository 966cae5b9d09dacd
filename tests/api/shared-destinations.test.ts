/**
 * Issue 33's "one person, several accounts" by payout destination: affiliates who save the same Wise
 * e-mail, TRON address or bank account (however written) are linked in the server-only index, in the
 * transaction that saves their details; staff see who shares through the API, affiliates never do; and
 * `npm run migrate:payout-destinations` builds the index from details stored before it, idempotently.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { beforeAll, describe, expect, test } from "vitest";
import { completeDetails, payoutForm, type PayoutForm } from "../support/payout-details.ts";
import { db, refs, sendMaturedSale } from "../support/backend.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";
import { destinationKey } from "../../functions/src/data/payout-destinations.ts";
import { demoSecrets } from "../../scripts/lib/local-secrets.ts";
import { rootDir } from "../../scripts/lib/project.ts";
import { migratePayoutDestinations } from "../../scripts/lib/payout-destinations-migration.ts";

let staff: TestUser;

beforeAll(async () => {
  staff = await createUser({ claims: { advertiser: true } });
});

/**
 * A valid British IBAN no other test uses (and not the demo data's): a random account number under a
 * made-up bank, with its ISO 7064 check digits.
 */
function freshIban(): string {
  const bban = `WEST${String(Math.floor(Math.random() * 1e14)).padStart(14, "0")}`;
  const digits = [...`${bban}GB00`].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join("");
  const check = 98 - Number(BigInt(digits) % 97n);
  return `GB${String(check).padStart(2, "0")}${bban}`;
}

/** A Wise e-mail no other test uses. */
const freshEmail = () => `Shared.${randomUUID().slice(0, 8)}@Wise.Example`;

async function save(user: TestUser, overrides: Partial<PayoutForm>, name = "Sam Shared") {
  const answer = await api(user, "POST", "/api/update_paypal_account", payoutForm({ name, ...overrides }));
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
}

interface Shared {
  kind: string | null;
  others: { user_id: string; name: string; email: string }[];
  more: number;
}

async function sharedOf(user: Pick<TestUser, "uid">): Promise<Shared> {
  const answer = await api(staff, "GET", `/api/shared_payout_destination?user_id=${user.uid}`);
  expect(answer.status).toBe(200);
  return answer.json as unknown as Shared;
}

const othersOf = async (user: TestUser) => (await sharedOf(user)).others.map((other) => other.user_id).sort();

/** The list's summary of the signal for the affiliate's row (searched by uid, so the row is on the page). */
async function listMark(user: TestUser): Promise<number | undefined> {
  const answer = await api(staff, "GET", `/api/affiliates?${new URLSearchParams({ q: user.uid })}`);
  expect(answer.status).toBe(200);
  const page = answer.json as { affiliates: { user_id: string }[]; shared_payout_destinations: Record<string, number> };
  expect(page.affiliates.map((row) => row.user_id)).toContain(user.uid);
  return page.shared_payout_destinations[user.uid];
}

describe("saving payout details keeps the index", () => {
  test("two affiliates with one Wise e-mail in other case and spacing are linked; one changing away unlinks both", async () => {
    const [ana, ben] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const email = freshEmail();
    await save(ana, { paypalEmail: `  ${email}  ` }, "Ana First");
    expect(await sharedOf(ana)).toEqual({ user_id: ana.uid, kind: null, others: [], more: 0 });
    await save(ben, { paypalEmail: email.toLowerCase() }, "Ben Second");

    expect(await sharedOf(ana)).toEqual({
      user_id: ana.uid,
      kind: "wise",
      others: [{ user_id: ben.uid, name: "Ben Second", email: ben.email }],
      more: 0,
    });
    expect((await sharedOf(ben)).others).toEqual([{ user_id: ana.uid, name: "Ana First", email: ana.email }]);
    expect(await listMark(ana)).toBe(1);
    expect(await listMark(ben)).toBe(1);

    // Ben moves to another Wise account: neither shares any more.
    await save(ben, { paypalEmail: freshEmail() }, "Ben Second");
    expect(await othersOf(ana)).toEqual([]);
    expect(await othersOf(ben)).toEqual([]);
    expect(await listMark(ana)).toBeUndefined();
    expect(await listMark(ben)).toBeUndefined();
  });

  test("three affiliates on one IBAN, written three ways, and by two methods", async () => {
    const users = await Promise.all([createAffiliateUser(), createAffiliateUser(), createAffiliateUser()]);
    const [first, second, third] = users as [TestUser, TestUser, TestUser];
    // A fresh IBAN would need valid check digits; uniqueness comes from a fresh e-mail first, then one
    // of the three moves to the IBAN each has written another way.
    const iban = { payoutType: "Bank Transfer (IBAN)" as const, swiftBIC: "NWBKGB2L" };
    const account = freshIban();
    const spaced = account.replace(/(.{4})(?=.)/g, "$1 ");
    const email = freshEmail();
    await Promise.all(users.map((user) => save(user, { paypalEmail: email })));
    for (const user of users) expect(await othersOf(user)).toHaveLength(2);
    expect(await othersOf(first)).toEqual([second.uid, third.uid].sort());
    expect(await listMark(third)).toBe(2);

    // All three move to a bank account written three ways: still three-way, in another entry.
    await save(first, { ...iban, iban: spaced });
    expect(await othersOf(first)).toEqual([]);
    expect(await othersOf(second)).toEqual([third.uid]);
    await save(second, { ...iban, iban: account.toLowerCase() });
    await save(third, {
      payoutType: "Wire Transfer",
      bankAccountNumber: account,
      fedwireRoutingNumber: "021000021",
    });
    for (const user of users) expect((await sharedOf(user)).kind).toBe("bank");
    expect(await othersOf(third)).toEqual([first.uid, second.uid].sort());
  });

  test("affiliates saving one destination at the same moment all end up linked", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createAffiliateUser()));
    const email = freshEmail();
    await Promise.all(users.map((user) => save(user, { paypalEmail: email })));
    for (const user of users) {
      expect(await othersOf(user)).toEqual(
        users
          .filter((other) => other !== user)
          .map((other) => other.uid)
          .sort(),
      );
    }
  });

  test("a payout request with new details moves the affiliate too", async () => {
    const [payee, other] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const email = freshEmail();
    await save(other, { paypalEmail: email });
    await save(payee, { paypalEmail: freshEmail() });
    expect((await sendMaturedSale(payee.uid, "400")).status).toBe(200);
    const requested = await api(payee, "POST", "/api/request_payout", payoutForm({ paypalEmail: email }));
    expect(requested.status).toBe(200);
    expect(await othersOf(payee)).toEqual([other.uid]);
  });
});

describe("affiliates never see it", () => {
  test("not through an endpoint, nor in their own document; the index holds no destination", async () => {
    const [ana, ben] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const email = freshEmail();
    await Promise.all([save(ana, { paypalEmail: email }), save(ben, { paypalEmail: email })]);
    expect(await othersOf(ana)).toEqual([ben.uid]);

    for (const path of [`/api/shared_payout_destination?user_id=${ana.uid}`, "/api/affiliates", "/api/summary"]) {
      expect((await api(ana, "GET", path)).status).toBe(403);
    }
    const own = await api(ana, "GET", "/api/get_user_data");
    expect(own.status).toBe(200);
    const text = JSON.stringify(own.json);
    expect(text).not.toContain(ben.uid);
    expect(text).not.toMatch(/shared_payout|payout_destinations|destination_members/i);
    // Their document (which the rules let them read) names nobody else either.
    const stored = JSON.stringify((await refs.affiliate(ana.uid).get()).data());
    expect(stored).not.toContain(ben.uid);
    expect(stored).not.toMatch(/shared_payout|payout_destinations|destination_members/i);

    // The index: keyed by a hash, naming uids only.
    const member = (await db().collection("payout_destination_members").doc(ana.uid).get()).data()!;
    expect(member.key).toMatch(/^[0-9a-f]{64}$/);
    const entry = JSON.stringify((await db().collection("payout_destinations").doc(member.key).get()).data());
    expect(entry).toContain(ben.uid);
    expect(entry.toLowerCase()).not.toContain(email.toLowerCase().split("@")[0]);
  });
});

describe("npm run migrate:payout-destinations", () => {
  function project(name: string): { db: Firestore; id: string } {
    const id = `demo-destinations-${name}-${randomUUID().slice(0, 8)}`;
    return { db: getFirestore(initializeApp({ projectId: id }, id)), id };
  }

  /** Three affiliates stored before the index: two share a Wise e-mail (written two ways), one does not. */
  async function seed(store: Firestore): Promise<void> {
    // A new project in the emulator starts with a copy of the imported demo data: only this test's, here.
    for (const name of ["affiliates", "payout_destinations", "payout_destination_members"]) {
      await store.recursiveDelete(store.collection(name));
    }
    const stored = (uid: string, wise: string) =>
      store
        .doc(`affiliates/${uid}`)
        .set({ uid, email: `${uid}@test.example`, ...completeDetails, paypal_payout_account: wise });
    await Promise.all([
      stored("alice", "twin@wise.example"),
      stored("bob", " Twin@Wise.Example"),
      stored("carol", "carol@wise.example"),
      // No payout details yet: in no entry.
      store.doc("affiliates/dave").set({ uid: "dave", email: "dave@test.example" }),
    ]);
  }

  const salt = demoSecrets.PAYOUT_DESTINATION_SALT;
  const entryOf = async (store: Firestore, uid: string) => {
    const member = (await store.doc(`payout_destination_members/${uid}`).get()).data();
    return member ? (await store.doc(`payout_destinations/${member.key}`).get()).data() : undefined;
  };

  test("links the affiliates who share, and a second run changes nothing", async () => {
    const { db: store } = project("effect");
    await seed(store);
    expect(await migratePayoutDestinations(store, { salt, pageSize: 2 })).toEqual({
      examined: 4,
      moved: 3,
      removed: 0,
    });
    expect(await entryOf(store, "alice")).toMatchObject({ kind: "wise", shared: true });
    expect((await entryOf(store, "alice"))?.uids.sort()).toEqual(["alice", "bob"]);
    expect(await entryOf(store, "carol")).toMatchObject({ uids: ["carol"], shared: false });
    expect(await entryOf(store, "dave")).toBeUndefined();
    const before = (await store.collection("payout_destinations").get()).docs.map((doc) => doc.updateTime.toMillis());

    expect(await migratePayoutDestinations(store, { salt })).toEqual({ examined: 4, moved: 0, removed: 0 });
    const after = (await store.collection("payout_destinations").get()).docs.map((doc) => doc.updateTime.toMillis());
    expect(after).toEqual(before);

    // An affiliate whose account is gone leaves the index at the next run.
    await store.doc("affiliates/bob").delete();
    expect(await migratePayoutDestinations(store, { salt })).toEqual({ examined: 3, moved: 0, removed: 1 });
    expect(await entryOf(store, "alice")).toMatchObject({ uids: ["alice"], shared: false });
  });

  test("a dry run counts and writes nothing", async () => {
    const { db: store } = project("dry");
    await seed(store);
    expect(await migratePayoutDestinations(store, { salt, dryRun: true })).toEqual({
      examined: 4,
      moved: 3,
      removed: 0,
    });
    expect((await store.collection("payout_destination_members").get()).size).toBe(0);
  });

  test("the command builds the index of the project it names, and again changes nothing", async () => {
    const run = promisify(execFile);
    const script = path.join(rootDir, "scripts", "migrate-payout-destinations.ts");
    const { db: store, id } = project("cli");
    await seed(store);
    const env = { ...process.env, PAYOUT_DESTINATION_SALT: salt };
    const first = await run("node", [script, "--project", id, "--emulator"], { env });
    expect(first.stdout).toContain(
      `Moved 3 of 4 affiliates to their payout destination's entry in the emulator (${id}).`,
    );
    const again = await run("node", [script, "--project", id, "--emulator"], { env });
    expect(again.stdout).toContain(`Moved 0 of 4 affiliates`);
    expect((await entryOf(store, "bob"))?.uids.sort()).toEqual(["alice", "bob"]);
  });

  test("the functions and the command key a destination alike (one salt)", async () => {
    const user = await createAffiliateUser();
    await save(user, { paypalEmail: " Same.Key@Wise.Example" });
    const member = (await db().collection("payout_destination_members").doc(user.uid).get()).data()!;
    expect(member.key).toBe(destinationKey("wise:same.key@wise.example", salt));
  });
});
