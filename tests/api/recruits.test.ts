/**
 * Issue 34's affiliates who recruit affiliates, through the API and the real ledger: an account made through a
 * recruit link records its recruiter once; the recruit's sale credits the recruiter 5% of its commission as an
 * entry of its own kind (exact cents), once however often the sale is sent; refunds claw back the same part; a
 * sale after the 12 months earns nothing; self-recruiting (oneself, one mailbox, one sign-in device), a loop, an
 * unknown link and an existing account record nothing, and a malformed link is a 400 that makes no account.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { raiseSignal } from "../../functions/src/data/risk-cases.ts";
import { refs, saleEvent } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { dashboardFrom, freshDevice } from "../support/risk.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

/** A new user signing up through `code`'s recruit link (create_account with it), with the answer. */
async function signUpThrough(code: string, options: { email?: string; headers?: Record<string, string> } = {}) {
  const user = await createUser(options.email ? { email: options.email } : {});
  const answer = await api(user, "POST", "/api/create_account", { recruited_by: code }, { headers: options.headers });
  return { user, answer };
}

const recruiterDoc = async (uid: string) => (await refs.affiliate(uid).get()).data()!;
/** A sale of `amount` dollars by the recruit, now (after their sign-up: a share counts sales from then on). */
const saleNow = (uid: string, amount = "20.00") => ({
  ...saleEvent(uid, amount),
  occurred_at: new Date().toISOString(),
});

const shareOf = async (recruiter: string, eventId: string) =>
  (await refs.transactions(recruiter).doc(`promptchan_${eventId}`).get()).data();

async function recruitPair(): Promise<{ recruiter: TestUser; recruit: TestUser }> {
  const recruiter = await createAffiliateUser();
  const { user: recruit, answer } = await signUpThrough(recruiter.uid);
  expect(answer.status, answer.json.error).toBe(201);
  expect(answer.json).toEqual({ status: "created", recruit: { recorded: true } });
  return { recruiter, recruit };
}

describe("the recruit link and the recruiter's share", () => {
  test("a recruit's $20 sale credits the recruiter 60 cents, once; refunds claw it back exactly", async () => {
    const { recruiter, recruit } = await recruitPair();
    const stored = (await refs.affiliate(recruit.uid).get()).data()!;
    expect(stored.recruited_by).toMatchObject({ chain: [{ uid: recruiter.uid, no: 1 }], ended_at: null });
    expect((await recruiterDoc(recruiter.uid)).recruits_count).toBe(1);

    // $20 earns the recruit $12 (60%); 5% of it is 60 cents. Sent twice: the second is a duplicate.
    const sale = saleNow(recruit.uid);
    expect((await sendEvent(sale)).status).toBe(200);
    expect((await sendEvent(sale)).body).toMatchObject({ status: "duplicate" });
    const share = await shareOf(recruiter.uid, `share_${sale.id}`);
    expect(share).toMatchObject({
      type: "recruit_share",
      earnings_cents: 60,
      rate: 0.05,
      note: "Recruit 1's sale: 5% of their commission.",
    });
    expect(share!.matures_on).toBe(
      (await refs.transactions(recruit.uid).doc(`promptchan_${sale.id}`).get()).data()!.matures_on,
    );
    let mine = await recruiterDoc(recruiter.uid);
    expect(mine.total_earnings_cents).toBe(60);
    expect(mine.total_sales).toBe(0);
    expect(Object.values(mine.held).reduce((sum, cents) => sum + cents, 0)).toBe(60);
    // No tracker figure moves: a share is no sale of the recruiter's links.
    expect(mine.trackers.promptchan).toEqual({});

    // The recruiter's dashboard: the recruit under an alias, never their id or e-mail.
    const view = await api(recruiter, "GET", "/api/recruits");
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({
      recruit_code: recruiter.uid,
      recruited: false,
      count: 1,
      total_earned: 0.6,
      share: { rate: 0.05, months: 12, levels: 1 },
      recruits: [{ alias: "Recruit 1", level: 1, sales: 1, earned: 0.6, clawed_back: 0 }],
    });
    expect(JSON.stringify(view.json)).not.toContain(recruit.uid);
    expect(JSON.stringify(view.json)).not.toContain(recruit.email);
    expect((await api(recruit, "GET", "/api/recruits")).json).toMatchObject({
      recruited: true,
      count: 0,
      recruits: [],
    });

    // $7 of $20 refunded: 35% of 60 cents is 21; then the rest: the 39 left.
    const refund = { id: `r-${randomUUID()}`, advertiser_id: "promptchan", type: "refund", uid: recruit.uid };
    const at = new Date().toISOString();
    expect((await sendEvent({ ...refund, refers_to: sale.id, amount: 7, occurred_at: at })).status).toBe(200);
    expect(await shareOf(recruiter.uid, `share_${refund.id}_of_${sale.id}`)).toMatchObject({
      type: "recruit_share",
      earnings_cents: -21,
      refers_to: `share_${sale.id}`,
    });
    const rest = { ...refund, id: `r-${randomUUID()}`, type: "chargeback", refers_to: sale.id, occurred_at: at };
    expect((await sendEvent(rest)).status).toBe(200);
    expect((await shareOf(recruiter.uid, `share_${rest.id}_of_${sale.id}`))!.earnings_cents).toBe(-39);
    mine = await recruiterDoc(recruiter.uid);
    expect(mine.total_earnings_cents - mine.total_refunded_cents).toBe(0);
    expect(Object.values(mine.held).reduce((sum, cents) => sum + cents, 0)).toBe(0);
    expect((await api(recruiter, "GET", "/api/recruits")).json).toMatchObject({
      total_earned: 0,
      recruits: [{ alias: "Recruit 1", earned: 0, clawed_back: 0.6 }],
    });
  });

  test("the share lasts 12 months from the recruit's sign-up: a sale after that earns nothing", async () => {
    const { recruiter, recruit } = await recruitPair();
    const signedUp = new Date(Date.now() - 400 * 86_400_000);
    await refs.affiliate(recruit.uid).update({ "recruited_by.at": signedUp, created_at: signedUp });
    // Within the 12 months (a year ago less a week): 5% of $12.
    const within = {
      ...saleEvent(recruit.uid, "20.00"),
      occurred_at: new Date(signedUp.getTime() + 358 * 86_400_000).toISOString(),
    };
    const after = saleEvent(recruit.uid, "20.00");
    expect((await sendEvent(within)).status).toBe(200);
    expect((await sendEvent(after)).status).toBe(200);
    expect((await shareOf(recruiter.uid, `share_${within.id}`))!.earnings_cents).toBe(60);
    expect(await shareOf(recruiter.uid, `share_${after.id}`)).toBeUndefined();
    expect((await recruiterDoc(recruiter.uid)).total_earnings_cents).toBe(60);
  });

  test("a second recruit is Recruit 2; a renewal without a rate and a suspended recruit earn no share", async () => {
    const { recruiter, recruit } = await recruitPair();
    const second = await signUpThrough(recruiter.uid);
    expect(second.answer.json.recruit).toEqual({ recorded: true });
    expect((await refs.affiliate(second.user.uid).get()).data()!.recruited_by!.chain).toEqual([
      { uid: recruiter.uid, no: 2 },
    ]);
    await refs.affiliate(recruit.uid).update({ fraud_user: true });
    const suspended = saleNow(recruit.uid);
    // The 13th renewal has no rate (the programme pays 12): no commission, so no share.
    const unpaid = { ...saleNow(second.user.uid), repeat_index: 13 };
    const paid = saleNow(second.user.uid, "10.00");
    for (const sale of [suspended, unpaid, paid]) expect((await sendEvent(sale)).status).toBe(200);
    expect(await shareOf(recruiter.uid, `share_${suspended.id}`)).toBeUndefined();
    expect(await shareOf(recruiter.uid, `share_${unpaid.id}`)).toBeUndefined();
    // $10 earns $6; 5% of it is 30 cents, from Recruit 2.
    expect(await shareOf(recruiter.uid, `share_${paid.id}`)).toMatchObject({
      earnings_cents: 30,
      note: "Recruit 2's sale: 5% of their commission.",
    });
    const mine = await recruiterDoc(recruiter.uid);
    expect(mine.recruits_count).toBe(2);
    expect(mine.total_earnings_cents).toBe(30);
  });
});

describe("a risk case's confirmation", () => {
  test("cancelling a recruit's held commission claws back the recruiters' shares of it; a later refund takes no more", async () => {
    const { recruiter, recruit } = await recruitPair();
    const staff = await createUser({ claims: { advertiser: true } });
    const { id } = await raiseSignal(
      recruit.uid,
      {
        key: `test:${randomUUID()}`,
        family: "shared_destination",
        action: "hold_new",
        evidence: { detail: "A test's signal.", other_uid: "someone" },
      },
      new Date(),
    );
    // Held by the case: the recruit's $24 and the recruiter's share of it, $1.20, both credited.
    const sale = saleNow(recruit.uid, "40.00");
    expect((await sendEvent(sale)).status).toBe(200);
    expect((await shareOf(recruiter.uid, `share_${sale.id}`))!.earnings_cents).toBe(120);
    const answer = await api(staff, "POST", "/api/resolve_risk_case", {
      case_id: id,
      outcome: "confirm",
      note: "Fake.",
    });
    expect(answer.status, answer.json.error).toBe(200);
    expect(await shareOf(recruiter.uid, `share_risk_${id}_of_${sale.id}`)).toMatchObject({
      type: "recruit_share",
      earnings_cents: -120,
      note: "Recruit 1's commission cancelled by a risk review: share clawed back.",
    });
    let mine = await recruiterDoc(recruiter.uid);
    expect(mine.total_earnings_cents - mine.total_refunded_cents).toBe(0);
    expect(Object.values(mine.held).reduce((sum, cents) => sum + cents, 0)).toBe(0);

    const refund = { id: `r-${randomUUID()}`, advertiser_id: "promptchan", type: "refund", uid: recruit.uid };
    expect((await sendEvent({ ...refund, refers_to: sale.id, occurred_at: new Date().toISOString() })).status).toBe(
      200,
    );
    expect(await shareOf(recruiter.uid, `share_${refund.id}_of_${sale.id}`)).toBeUndefined();
    mine = await recruiterDoc(recruiter.uid);
    expect(mine.total_refunded_cents).toBe(120);
  });
});

describe("what a recruit link does not record", () => {
  test("oneself, one's own mailbox, one's own sign-in device: the account is made, the link is not recorded", async () => {
    const self = await createUser();
    const own = await api(self, "POST", "/api/create_account", { recruited_by: self.uid });
    expect(own.status).toBe(201);
    expect(own.json.recruit).toEqual({ recorded: false, reason: "You cannot recruit yourself." });

    const tag = randomUUID().slice(0, 8);
    const recruiter = await createUser({ email: `ann.${tag}@test.example` });
    expect((await api(recruiter, "POST", "/api/create_account")).status).toBe(201);
    const sameMailbox = await signUpThrough(recruiter.uid, { email: `ann.${tag}+again@test.example` });
    expect(sameMailbox.answer.json.recruit).toEqual({
      recorded: false,
      reason: "That recruit link belongs to an account with your e-mail address.",
    });

    const device = freshDevice();
    await dashboardFrom(recruiter, device);
    const sameDevice = await signUpThrough(recruiter.uid, {
      headers: { "X-Forwarded-For": device.address, "User-Agent": device.userAgent },
    });
    expect(sameDevice.answer.status).toBe(201);
    expect(sameDevice.answer.json.recruit).toEqual({
      recorded: false,
      reason: "That recruit link belongs to an account signed in from this device.",
    });
    for (const { user } of [sameMailbox, sameDevice]) {
      expect((await refs.affiliate(user.uid).get()).data()!.recruited_by ?? null).toBeNull();
    }
    expect((await refs.affiliate(self.uid).get()).data()!.recruited_by ?? null).toBeNull();
    expect((await recruiterDoc(recruiter.uid)).recruits_count ?? 0).toBe(0);
  });

  test("a loop, an unknown link and an existing account record nothing; a malformed link is a 400", async () => {
    // A recruiter whose own chain names the person signing up: recording it would make a loop.
    const person = await createUser();
    const recruiter = await createAffiliateUser();
    await refs.affiliate(recruiter.uid).update({
      recruited_by: { at: new Date(), chain: [{ uid: person.uid, no: 1 }], ended_at: null },
    });
    const loop = await api(person, "POST", "/api/create_account", { recruited_by: recruiter.uid });
    expect(loop.json.recruit).toEqual({ recorded: false, reason: "That recruit link leads back to you." });

    const unknown = await signUpThrough("no-such-affiliate");
    expect(unknown.answer.status).toBe(201);
    expect(unknown.answer.json.recruit).toEqual({ recorded: false, reason: "No affiliate has that recruit link." });

    // recruited_by is written once, at creation: an existing account calling again changes nothing.
    const other = await createAffiliateUser();
    const again = await api(other, "POST", "/api/create_account", { recruited_by: recruiter.uid });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: "exists", recruit: { recorded: false } });
    expect((await refs.affiliate(other.uid).get()).data()!.recruited_by ?? null).toBeNull();
    expect((await recruiterDoc(recruiter.uid)).recruits_count ?? 0).toBe(0);

    const malformed = await createUser();
    const bad = await api(malformed, "POST", "/api/create_account", { recruited_by: "no spaces/or slashes" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("recruited_by");
    expect((await refs.affiliate(malformed.uid).get()).exists).toBe(false);
  });

  test("a payout destination shared with the recruiter ends the relation: later sales earn no share", async () => {
    const { recruiter, recruit } = await recruitPair();
    const before = saleNow(recruit.uid);
    expect((await sendEvent(before)).status).toBe(200);
    expect((await shareOf(recruiter.uid, `share_${before.id}`))!.earnings_cents).toBe(60);
    const wise = `shared-${randomUUID().slice(0, 8)}@wise.example`;
    for (const [user, name] of [
      [recruiter, "Ann Recruiter"],
      [recruit, "Ben Recruit"],
    ] as const) {
      const answer = await api(user, "POST", "/api/update_paypal_account", payoutForm({ name, paypalEmail: wise }));
      expect(answer.status, answer.json.error).toBe(200);
    }
    expect((await refs.affiliate(recruit.uid).get()).data()!.recruited_by!.ended_at).toBeInstanceOf(Date);
    const sale = saleNow(recruit.uid);
    expect((await sendEvent(sale)).status).toBe(200);
    expect(await shareOf(recruiter.uid, `share_${sale.id}`)).toBeUndefined();
  });
});
