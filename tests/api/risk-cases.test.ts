/**
 * Issue 33's risk cases through the real API and events: a shared payout destination opens a case for each
 * affiliate (flag only, by default: nothing held), a case that holds keeps new commissions out of what can
 * be paid and refuses payout requests, and staff release or confirm it exactly once, also when they click
 * at the same moment. The holding cases are opened with their action named in the signal (as a rule set to
 * hold would), so the programme-wide rules other test files rely on never change here.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { balanceOf, payableOf } from "../../functions/src/domain/balance.ts";
import { transactionId } from "../../functions/src/domain/ledger.ts";
import { payoutMessages } from "../../functions/src/domain/payout-eligibility.ts";
import type { RiskAction } from "../../functions/src/domain/risk-rules.ts";
import { raiseSignal } from "../../functions/src/data/risk-cases.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { inParallel } from "../support/concurrency.ts";
import { ledgerFields, ReferenceLedger } from "../support/reference-ledger.ts";
import { holdDays, refs, saleEvent } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

let staff: TestUser;
let otherStaff: TestUser;

beforeAll(async () => {
  [staff, otherStaff] = await Promise.all([
    createUser({ claims: { advertiser: true } }),
    createUser({ claims: { admin: true } }),
  ]);
});

const day = 86_400_000;
const stored = async (uid: string) => (await refs.affiliate(uid).get()).data()!;
const caseOf = async (id: string) => (await refs.riskCase(id).get()).data()!;
/** The affiliate's open case in brief (server-only), or undefined. */
const openOf = async (uid: string) => (await refs.riskOpen(uid).get()).data();

/** Opens (or adds to) the affiliate's case with a signal whose rule takes `action`. */
async function openCaseFor(uid: string, action: RiskAction, key = `test:${randomUUID()}`) {
  const { id } = await raiseSignal(
    uid,
    { key, family: "shared_destination", action, evidence: { detail: "A test's signal.", other_uid: "someone" } },
    new Date(),
  );
  return id;
}

/** A fresh sale of `amount` dollars a minute ago (its commission in the hold period): its event id. */
async function freshSale(uid: string, amount: string) {
  const event = saleEvent(uid, amount);
  const answer = await sendEvent(event);
  expect(answer.status, answer.text).toBe(200);
  return event.id;
}

/** A sale made longer ago than the commission hold, so its commission is payable at once: its event id. */
async function maturedSale(uid: string, amount: string) {
  const event = { ...saleEvent(uid, amount), occurred_at: new Date(Date.now() - (holdDays + 1) * day).toISOString() };
  const answer = await sendEvent(event);
  expect(answer.status, answer.text).toBe(200);
  return event.id;
}

async function refund(uid: string, saleId: string) {
  const answer = await sendEvent({
    id: `r-${randomUUID()}`,
    advertiser_id: "promptchan",
    type: "refund",
    uid,
    refers_to: saleId,
    occurred_at: new Date(Date.now() - 30_000).toISOString(),
  });
  expect(answer.status, answer.text).toBe(200);
}

const resolve = (caller: TestUser, body: Record<string, unknown>) =>
  api(caller, "POST", "/api/resolve_risk_case", body);

describe("a shared payout destination opens a case (the default rule: flag only)", () => {
  test("each affiliate gets a case naming the other; saving again adds nothing; nothing is held", async () => {
    const [ana, ben] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const email = `risk.${randomUUID().slice(0, 8)}@wise.example`;
    for (const user of [ana, ben]) {
      const saved = await api(user, "POST", "/api/update_paypal_account", payoutForm({ paypalEmail: email }));
      expect(saved.status).toBe(200);
    }
    // A flag is for staff's eyes: the affiliates' own documents name no case; the server-only brief does.
    const [anaDoc, benDoc] = await Promise.all([stored(ana.uid), stored(ben.uid)]);
    expect([anaDoc.risk_case, benDoc.risk_case]).toEqual([null, null]);
    const [anaOpen, benOpen] = await Promise.all([openOf(ana.uid), openOf(ben.uid)]);
    expect(anaOpen).toMatchObject({ action: "flag", families: ["shared_destination"] });
    expect(benOpen).toMatchObject({ action: "flag", families: ["shared_destination"] });
    const anaCase = await caseOf(anaOpen!.id);
    expect(anaCase.events.map((event) => event.evidence.other_uid)).toEqual([ben.uid]);
    expect((await caseOf(benOpen!.id)).events.map((event) => event.evidence.other_uid)).toEqual([ana.uid]);
    // Staff's list marks the row all the same.
    const list = await api(staff, "GET", `/api/affiliates?${new URLSearchParams({ q: ana.uid })}`);
    const row = (list.json.affiliates as { user_id: string; risk_case: unknown }[]).find((r) => r.user_id === ana.uid);
    expect(row?.risk_case).toEqual({ case_id: anaOpen!.id, action: "flag", families: ["shared_destination"] });

    // The same details again move nothing: no second event.
    expect((await api(ben, "POST", "/api/update_paypal_account", payoutForm({ paypalEmail: email }))).status).toBe(200);
    expect((await caseOf(anaOpen!.id)).event_count).toBe(1);

    // A flag holds nothing and the affiliate is not told of it.
    await maturedSale(ana.uid, "400");
    const after = await stored(ana.uid);
    expect(after.risk_held).toEqual({});
    expect(payableOf(after, new Date())).toBe(24_000);
    expect((await api(ana, "GET", "/api/get_user_data")).json.risk_review).toBeNull();

    const view = await api(staff, "GET", `/api/risk_case?case_id=${anaOpen!.id}`);
    expect(view.status).toBe(200);
    // The other affiliate is named as they are now, so staff need not look the uid up.
    const benNow = await stored(ben.uid);
    expect(benNow.name || benNow.email).not.toBe("");
    expect(view.json).toMatchObject({
      user_id: ana.uid,
      status: "open",
      action: "flag",
      event_count: 1,
      events: [
        {
          family: "shared_destination",
          evidence: { other_uid: ben.uid, other_name: benNow.name || benNow.email, destination_kind: "wise" },
        },
      ],
      affiliate: { payable: 240, case_held: 0 },
    });
  });
});

describe("the queue", () => {
  test("a case asked for by its link comes first, even when the page would not list it; an unknown one is left out", async () => {
    const { uid } = await createAffiliateUser();
    const id = await openCaseFor(uid, "flag");
    const answer = await api(staff, "GET", `/api/risk_cases?limit=1&case_id=${id}`);
    expect(answer.status, answer.json.error).toBe(200);
    const cases = answer.json.cases as { case_id: string; user_id: string }[];
    expect(cases[0]).toMatchObject({ case_id: id, user_id: uid });
    const unknown = await api(staff, "GET", "/api/risk_cases?limit=1&case_id=no-such-case");
    expect(unknown.status).toBe(200);
    expect((unknown.json.cases as { case_id: string }[]).map((row) => row.case_id)).not.toContain("no-such-case");
  });
});

describe("raising signals", () => {
  test("the same signal raised twice at once adds one event; another signal joins the same open case", async () => {
    const user = await createAffiliateUser();
    const key = `twice:${randomUUID()}`;
    const raised = await Promise.all([openCaseFor(user.uid, "flag", key), openCaseFor(user.uid, "flag", key)]);
    expect(raised[0]).toBe(raised[1]);
    const other = await openCaseFor(user.uid, "hold_new");
    expect(other).toBe(raised[0]);
    const riskCase = await caseOf(other);
    expect(riskCase).toMatchObject({ event_count: 2, action: "hold_new", status: "open" });
    // Once the case holds, the affiliate's own document names it (the ledger holds their sales by it).
    expect((await stored(user.uid)).risk_case).toMatchObject({ id: other, action: "hold_new" });
    expect(await openOf(user.uid)).toMatchObject({ id: other, action: "hold_new" });
    expect((await refs.riskCases().where("uid", "==", user.uid).get()).size).toBe(1);
  });
});

describe("a case that holds", () => {
  test("holds new commission out of what can be paid, refuses payout requests, and tells the affiliate why", async () => {
    const user = await createAffiliateUser();
    expect((await api(user, "POST", "/api/update_paypal_account", payoutForm())).status).toBe(200);
    const caseId = await openCaseFor(user.uid, "hold_new");
    const saleId = await maturedSale(user.uid, "400");

    const affiliate = await stored(user.uid);
    expect(balanceOf(affiliate)).toBe(24_000); // SPEC.md's balance is what it was
    expect(payableOf(affiliate, new Date())).toBe(0);
    expect(affiliate.held).toEqual({});
    const entry = (await refs.transactions(user.uid).doc(transactionId("promptchan", saleId)).get()).data()!;
    expect(entry.risk_case_id).toBe(caseId);

    const data = await api(user, "GET", "/api/get_user_data");
    expect(data.json.risk_review).toMatchObject({
      message: payoutMessages.underReview,
      reasons: ["Your payout account is also used by another affiliate account."],
      held: 240,
    });
    expect(JSON.stringify(data.json.risk_review)).not.toMatch(/threshold|shared_destination/);

    const request = await api(user, "POST", "/api/request_payout", payoutForm());
    expect(request.status).toBe(409);
    expect(request.json).toEqual({ error: payoutMessages.underReview });
    expect((await stored(user.uid)).payout_pending).toBe(false);
  });

  test("a refund while the case is open claws back from the case's hold", async () => {
    const user = await createAffiliateUser();
    await openCaseFor(user.uid, "hold_new");
    const saleId = await freshSale(user.uid, "100");
    await refund(user.uid, saleId);
    const affiliate = await stored(user.uid);
    expect(Object.values(affiliate.risk_held.promptchan ?? {})).toEqual([0]);
    expect(affiliate.total_refunded_cents).toBe(6_000);
    expect(balanceOf(affiliate)).toBe(0);
  });

  test("release: matured commission becomes payable, the rest returns to its hold day; a retry changes nothing", async () => {
    const user = await createAffiliateUser();
    const caseId = await openCaseFor(user.uid, "hold_new");
    await maturedSale(user.uid, "400"); // $240, its hold over
    await freshSale(user.uid, "100"); // $60, still in its hold period
    const before = await stored(user.uid);
    const heldDay = Object.keys(before.risk_held.promptchan!).sort().at(-1)!;

    const first = await resolve(staff, { case_id: caseId, outcome: "release" });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({ status: "released", changed: true, held: 300, suspension_offered: false });
    const after = await stored(user.uid);
    expect(after.risk_held).toEqual({});
    expect(after.risk_case).toBeNull();
    expect(await openOf(user.uid)).toBeUndefined();
    expect(after.held).toEqual({ [heldDay]: 6_000 });
    expect(payableOf(after, new Date())).toBe(24_000);
    expect((await caseOf(caseId)).resolution).toMatchObject({ outcome: "released", by: { uid: staff.uid } });

    const again = await resolve(staff, { case_id: caseId, outcome: "release" });
    expect(again.json).toMatchObject({ changed: false, held: 300 });
    expect(await stored(user.uid)).toEqual(after);
    const other = await resolve(staff, { case_id: caseId, outcome: "confirm", note: "Too late." });
    expect(other.status).toBe(409);
    expect(await stored(user.uid)).toEqual(after);
  });

  test("confirm: the held commission is cancelled as a ledger entry counted as clawed back; a later refund takes nothing more", async () => {
    const user = await createAffiliateUser();
    await maturedSale(user.uid, "100"); // $60 earned before the case: untouched
    const caseId = await openCaseFor(user.uid, "hold_new");
    const saleId = await maturedSale(user.uid, "400");

    const answer = await resolve(staff, { case_id: caseId, outcome: "confirm", note: "Same person, two accounts." });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({ status: "confirmed", changed: true, held: 240, suspension_offered: true });
    const after = await stored(user.uid);
    expect(after.total_earnings_cents).toBe(30_000);
    expect(after.total_refunded_cents).toBe(24_000);
    expect(after.by_advertiser.promptchan.refunded_cents).toBe(24_000);
    expect(balanceOf(after)).toBe(6_000);
    expect(payableOf(after, new Date())).toBe(6_000);
    expect(after.risk_case).toBeNull();
    const cancellation = (
      await refs
        .transactions(user.uid)
        .doc(transactionId("promptchan", `risk_${caseId}`))
        .get()
    ).data()!;
    expect(cancellation).toMatchObject({ type: "cancellation", earnings_cents: -24_000, risk_case_id: caseId });
    expect((await caseOf(caseId)).resolution).toMatchObject({ note: "Same person, two accounts.", held_cents: 24_000 });

    await refund(user.uid, saleId);
    const refunded = await stored(user.uid);
    expect(refunded.total_refunded_cents).toBe(24_000);
    expect(refunded.total_refunds).toBe(1);
    expect(balanceOf(refunded)).toBe(6_000);
  });

  test("hold_all: staff cannot record a payout requested before the case", async () => {
    const user = await createAffiliateUser();
    await maturedSale(user.uid, "400");
    expect((await api(user, "POST", "/api/update_paypal_account", payoutForm())).status).toBe(200);
    expect((await api(user, "POST", "/api/request_payout", payoutForm())).status).toBe(200);
    await openCaseFor(user.uid, "hold_all");
    const recorded = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(recorded.status).toBe(409);
    expect(recorded.json.error).toMatch(/risk review/);
    const after = await stored(user.uid);
    expect(after.total_payouts_cents).toBe(0);
    expect(after.payout_pending).toBe(true);
  });
});

describe("resolving exactly once", () => {
  test("two staff members clicking release and retrying at once move the money once", async () => {
    const user = await createAffiliateUser();
    const caseId = await openCaseFor(user.uid, "hold_new");
    await freshSale(user.uid, "100");
    const callers = [staff, otherStaff, staff, otherStaff, staff, otherStaff];
    const answers = await inParallel(callers, callers.length, (caller) =>
      resolve(caller, { case_id: caseId, outcome: "release" }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(callers.map(() => 200));
    expect(answers.filter((answer) => answer.json.changed === true)).toHaveLength(1);
    const after = await stored(user.uid);
    expect(Object.values(after.held)).toEqual([6_000]);
    expect(after.risk_held).toEqual({});
  });

  test("confirm and release racing: one wins, the money changes once", async () => {
    const user = await createAffiliateUser();
    const caseId = await openCaseFor(user.uid, "hold_all");
    await maturedSale(user.uid, "400");
    const outcomes = ["confirm", "release", "confirm", "release", "confirm", "confirm"];
    const answers = await inParallel(outcomes, outcomes.length, (outcome) =>
      resolve(staff, { case_id: caseId, outcome, note: "Racing." }),
    );
    const changed = answers.filter((answer) => answer.json.changed === true);
    expect(changed).toHaveLength(1);
    const won = changed[0]!.json.status;
    // The same resolution as the winner's is a retry (200, changed: false); the other one is refused.
    for (const [i, answer] of answers.entries()) {
      const same = { confirm: "confirmed", release: "released" }[outcomes[i]!] === won;
      expect(answer.status).toBe(same ? 200 : 409);
    }
    const after = await stored(user.uid);
    const cancellations = (await refs.transactions(user.uid).where("type", "==", "cancellation").get()).size;
    if (won === "confirmed") {
      expect(after.total_refunded_cents).toBe(24_000);
      expect(cancellations).toBe(1);
    } else {
      expect(after.total_refunded_cents).toBe(0);
      expect(cancellations).toBe(0);
      expect(payableOf(after, new Date())).toBe(24_000);
    }
    expect(after.risk_held).toEqual({});
  });

  test("a sale racing the release is either released with the case or not held at all", async () => {
    const user = await createAffiliateUser();
    const caseId = await openCaseFor(user.uid, "hold_new");
    const [released] = await Promise.all([
      resolve(staff, { case_id: caseId, outcome: "release" }),
      ...Array.from({ length: 4 }, () => maturedSale(user.uid, "100")),
    ]);
    expect(released.status).toBe(200);
    const after = await stored(user.uid);
    expect(after.risk_held).toEqual({});
    expect(payableOf(after, new Date())).toBe(24_000);
  });
});

describe("the reference model", () => {
  test("holds, refunds, a confirmation and a release add up to what the domain computes in memory", async () => {
    const user = await createAffiliateUser();
    const reference = new ReferenceLedger();
    reference.addAffiliate(await stored(user.uid));
    const send = async (body: Record<string, unknown>) => {
      const answer = await sendEvent(body as Parameters<typeof sendEvent>[0]);
      expect(answer.status, answer.text).toBe(200);
      reference.apply(body);
      return body.id as string;
    };
    const sale = (amount: string, daysAgo = 0) =>
      send({
        ...saleEvent(user.uid, amount),
        occurred_at: new Date(Date.now() - daysAgo * day - 60_000).toISOString(),
      });
    const refundOf = (saleId: string, amount?: string) =>
      send({
        id: `r-${randomUUID()}`,
        advertiser_id: "promptchan",
        type: "refund",
        uid: user.uid,
        refers_to: saleId,
        ...(amount === undefined ? {} : { amount }),
        occurred_at: new Date(Date.now() - 30_000).toISOString(),
      });
    const resolveBoth = async (id: string, outcome: "release" | "confirm") => {
      expect((await resolve(staff, { case_id: id, outcome, note: "Reference." })).status).toBe(200);
      reference.resolve(id, outcome);
    };

    const before = await sale("50", holdDays + 2); // earned before any case
    const first = await openCaseFor(user.uid, "hold_new");
    reference.openCase(user.uid, first, "hold_new");
    const a = await sale("400", holdDays + 1);
    const b = await sale("100");
    await refundOf(b, "50");
    await sale("200");
    await resolveBoth(first, "confirm");
    await refundOf(a);
    await refundOf(before, "10");
    const second = await openCaseFor(user.uid, "hold_all");
    reference.openCase(user.uid, second, "hold_all");
    const e = await sale("300");
    await sale("80", holdDays + 3);
    await resolveBoth(second, "release");
    await refundOf(e, "100");
    await sale("60");

    const storedNow = await stored(user.uid);
    const expected = reference.affiliates.get(user.uid)!;
    for (const field of ledgerFields) expect(storedNow[field], field).toEqual(expected[field]);
    const ledger = await refs.transactions(user.uid).get();
    expect(ledger.size).toBe(reference.entries.get(user.uid)!.size);
    for (const doc of ledger.docs) {
      const want = reference.entries.get(user.uid)!.get(doc.id)!;
      expect(doc.data().earnings_cents, doc.id).toBe(want.earnings_cents);
    }
  });
});

describe("bad input changes nothing", () => {
  test("an unknown case, a bad outcome, a confirmation without a reason, an affiliate caller", async () => {
    const user = await createAffiliateUser();
    const caseId = await openCaseFor(user.uid, "hold_new");
    await maturedSale(user.uid, "400");
    const before = await stored(user.uid);
    const beforeCase = await caseOf(caseId);

    const unknown = await resolve(staff, { case_id: "no-such-case", outcome: "release" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe("No risk case has the id no-such-case.");
    const bad = await resolve(staff, { case_id: caseId, outcome: "approve" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/outcome: must be release or confirm/);
    const reasonless = await resolve(staff, { case_id: caseId, outcome: "confirm" });
    expect(reasonless.status).toBe(400);
    expect(reasonless.json.error).toMatch(/^note:/);
    const badId = await resolve(staff, { case_id: "../x", outcome: "release" });
    expect(badId.status).toBe(400);
    const affiliate = await resolve(user, { case_id: caseId, outcome: "release" });
    expect(affiliate.status).toBe(403);
    const peek = await api(user, "GET", `/api/risk_case?case_id=${caseId}`);
    expect(peek.status).toBe(403);

    expect(await stored(user.uid)).toEqual(before);
    expect(await caseOf(caseId)).toEqual(beforeCase);
  });
});

describe("the queue", () => {
  test("lists open cases with the most money at stake first, and not resolved ones", async () => {
    const [small, large, done] = await Promise.all([
      createAffiliateUser(),
      createAffiliateUser(),
      createAffiliateUser(),
    ]);
    const smallCase = await openCaseFor(small.uid, "hold_new");
    const largeCase = await openCaseFor(large.uid, "hold_new");
    const doneCase = await openCaseFor(done.uid, "hold_new");
    await Promise.all([maturedSale(small.uid, "100"), maturedSale(large.uid, "1000")]);
    expect((await resolve(staff, { case_id: doneCase, outcome: "release" })).status).toBe(200);

    const answer = await api(staff, "GET", "/api/risk_cases?limit=200");
    expect(answer.status).toBe(200);
    const cases = answer.json.cases as {
      case_id: string;
      at_stake: number;
      user_id: string;
      family_labels: string[];
    }[];
    const ids = cases.map((row) => row.case_id);
    expect(ids).not.toContain(doneCase);
    expect(ids.indexOf(largeCase)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(largeCase)).toBeLessThan(ids.indexOf(smallCase));
    expect(cases.find((row) => row.case_id === largeCase)).toMatchObject({
      user_id: large.uid,
      at_stake: 600,
      family_labels: ["Payout destination shared with other affiliates"],
    });
    expect(answer.json.open).toBeGreaterThanOrEqual(2);
    expect((await api(staff, "GET", "/api/risk_cases?limit=0")).status).toBe(400);
  });
});
