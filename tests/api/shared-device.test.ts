/**
 * Issue 33's "one person, several accounts" by sign-in device: affiliates whose dashboard sessions come from
 * the same address and user agent within the window are linked in the server-only index of devices (keyed by
 * a salted hash, never the address or the user agent), and a shared_device case opens for each side, naming
 * the other (the default rule flags only: nothing held, nothing shown to the affiliate). Another browser or
 * another address is another device; the usual dashboard load writes nothing; two affiliates loading at once
 * both land in one entry.
 */
import { describe, expect, test } from "vitest";
import { destinationKey } from "../../functions/src/data/payout-destinations.ts";
import { collections } from "../../functions/src/domain/model.ts";
import { deviceText, type SignInDeviceDoc } from "../../functions/src/domain/shared-device.ts";
import { demoSecrets } from "../../scripts/lib/local-secrets.ts";
import { refs } from "../support/backend.ts";
import { caseOf, dashboardFrom, freshDevice, type Device } from "../support/risk.ts";
import { createAffiliateUser, type TestUser } from "../support/users.ts";

/** The device's entry in the index, found by its salted key as the functions compute it. */
async function entryOf(device: Device): Promise<SignInDeviceDoc | undefined> {
  const key = destinationKey(deviceText(device.address, device.userAgent)!, demoSecrets.PAYOUT_DESTINATION_SALT);
  const snapshot = await refs.internal(collections.signInDevices).doc(key).get();
  return snapshot.exists ? (snapshot.data() as SignInDeviceDoc) : undefined;
}

const seenIn = (entry: SignInDeviceDoc | undefined) => (entry?.seen ?? []).map((sighting) => sighting.uid).sort();

/** The affiliate's open case has one shared_device event naming `other`, flag only. */
async function expectLinkedTo(user: TestUser, other: TestUser) {
  const found = await caseOf(user.uid);
  expect(found?.summary).toMatchObject({ action: "flag", families: ["shared_device"] });
  const events = found!.doc.events.filter((event) => event.family === "shared_device");
  expect(events).toHaveLength(1);
  expect(events[0]!.evidence.other_uid).toBe(other.uid);
  expect(events[0]!.evidence.detail).toContain(`as affiliate ${other.uid}`);
  return found!;
}

describe("the same sign-in device across affiliate accounts", () => {
  test("two affiliates on one address and browser: each gets a flag-only case naming the other", async () => {
    const [ana, ben] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const device = freshDevice();
    await dashboardFrom(ana, device);
    expect(await caseOf(ana.uid)).toBeNull();
    expect(seenIn(await entryOf(device))).toEqual([ana.uid]);

    const seen = await dashboardFrom(ben, device);
    await expectLinkedTo(ben, ana);
    await expectLinkedTo(ana, ben);
    const entry = await entryOf(device);
    expect(seenIn(entry)).toEqual([ana.uid, ben.uid].sort());
    expect(entry?.shared).toBe(true);
    // Stored as a salted key only: neither the address nor the browser is in the entry.
    expect(JSON.stringify(entry)).not.toContain(device.address);
    expect(JSON.stringify(entry)).not.toContain("Firefox");
    // A flag is for staff: the affiliate's own document and dashboard say nothing of it.
    expect(seen.risk_review ?? null).toBeNull();
    expect((await refs.affiliate(ben.uid).get()).data()!.risk_case).toBeNull();
  });

  test("another browser on the address, or the browser from another address, is another device", async () => {
    const [ana, ben, cat] = await Promise.all([createAffiliateUser(), createAffiliateUser(), createAffiliateUser()]);
    const device = freshDevice();
    const otherBrowser = { ...device, userAgent: `${device.userAgent} Edg/131.0` };
    const otherAddress = { ...freshDevice(), userAgent: device.userAgent };
    await dashboardFrom(ana, device);
    await dashboardFrom(ben, otherBrowser);
    await dashboardFrom(cat, otherAddress);
    for (const user of [ana, ben, cat]) expect(await caseOf(user.uid)).toBeNull();
    expect(seenIn(await entryOf(device))).toEqual([ana.uid]);
    expect(seenIn(await entryOf(otherBrowser))).toEqual([ben.uid]);
    expect(seenIn(await entryOf(otherAddress))).toEqual([cat.uid]);
  });

  test("loading the dashboard again writes nothing new and raises nothing twice", async () => {
    const [ana, ben] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const device = freshDevice();
    await dashboardFrom(ana, device);
    await dashboardFrom(ben, device);
    const before = {
      entry: await entryOf(device),
      identity: (await refs.internal(collections.riskIdentity).doc(ben.uid).get()).updateTime,
      cases: await Promise.all([caseOf(ana.uid), caseOf(ben.uid)]),
    };
    await dashboardFrom(ben, device);
    await dashboardFrom(ana, device);
    expect(await entryOf(device)).toEqual(before.entry);
    expect(
      (await refs.internal(collections.riskIdentity).doc(ben.uid).get()).updateTime?.isEqual(before.identity!),
    ).toBe(true);
    const after = await Promise.all([caseOf(ana.uid), caseOf(ben.uid)]);
    expect(after.map((found) => found?.doc.event_count)).toEqual([1, 1]);
    expect(after.map((found) => found?.doc.updated_at)).toEqual(before.cases.map((found) => found?.doc.updated_at));
  });

  test("two affiliates loading at once from one device: one entry with both, and each case names the other", async () => {
    const [ana, ben] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const device = freshDevice();
    await Promise.all([dashboardFrom(ana, device), dashboardFrom(ben, device)]);
    expect(seenIn(await entryOf(device))).toEqual([ana.uid, ben.uid].sort());
    await expectLinkedTo(ana, ben);
    await expectLinkedTo(ben, ana);
  });
});
