/**
 * Issue 19's commission lifecycle through the real events API: a sale's commission is held for the hold
 * period (the default, 30 days, which the emulated advertisers keep), payout rules apply to what has
 * matured, a refund inside the hold cancels the held commission without touching the payable balance, and
 * one after it claws back as before. Maturing needs no request: it is computed on read, and the next
 * ledger write prunes the matured buckets.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { heldCentsOf, payableOf } from "../../functions/src/domain/balance.ts";
import { dayKey } from "../../functions/src/domain/days.ts";
import { transactionId } from "../../functions/src/domain/ledger.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { holdDays, refs, saleEvent } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser } from "../support/users.ts";

const day = 86_400_000;
const form = payoutForm({ name: "Hana Held" });

/** A $`amount` promptchan sale `daysAgo` days ago: its event id and the day its commission matures on. */
async function sale(uid: string, amount: string, daysAgo: number) {
  const occurred = new Date(Date.now() - daysAgo * day - 60_000);
  const event = { ...saleEvent(uid, amount), occurred_at: occurred.toISOString() };
  const answer = await sendEvent(event);
  expect(answer.status, answer.text).toBe(200);
  const entry = (await refs.transactions(uid).doc(transactionId("promptchan", event.id)).get()).data()!;
  expect(entry.matures_on).toBe(dayKey(new Date(occurred.getTime() + holdDays * day)));
  return { id: event.id, maturesOn: entry.matures_on! };
}

async function refund(uid: string, saleId: string, amount?: string, type = "refund") {
  const answer = await sendEvent({
    id: `r-${randomUUID()}`,
    advertiser_id: "promptchan",
    type,
    uid,
    refers_to: saleId,
    ...(amount === undefined ? {} : { amount }),
    occurred_at: new Date(Date.now() - 30_000).toISOString(),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const stored = async (uid: string) => (await refs.affiliate(uid).get()).data()!;

describe("the commission hold", () => {
  test("a new sale's commission is held until its day, recorded on the sale; a payout cannot take it", async () => {
    const user = await createAffiliateUser();
    const { maturesOn } = await sale(user.uid, "500", 0);
    const affiliate = await stored(user.uid);
    expect(affiliate.total_earnings_cents).toBe(30_000);
    expect(affiliate.held).toEqual({ [maturesOn]: 30_000 });
    expect(payableOf(affiliate, new Date())).toBe(0);

    expect((await api(user, "POST", "/api/update_paypal_account", form)).status).toBe(200);
    const answer = await api(user, "POST", "/api/request_payout", form);
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({
      error: "Minimum payout is $200. Your current available balance is less than the required amount.",
    });
    const after = await stored(user.uid);
    expect(after.payout_pending).toBe(false);
    expect(after.latest_invoice).toBeNull();
  });

  test("a payout pays exactly the matured commission, and leaves the held one for later", async () => {
    const user = await createAffiliateUser();
    await sale(user.uid, "400", holdDays + 1); // $240, matured
    await sale(user.uid, "100", 3); // $60, held
    expect((await api(user, "POST", "/api/update_paypal_account", form)).status).toBe(200);
    const answer = await api(user, "POST", "/api/request_payout", form);
    expect(answer.status).toBe(200);
    const affiliate = await stored(user.uid);
    expect(affiliate.latest_invoice!.amount_cents).toBe(24_000);
    expect(heldCentsOf(affiliate, new Date())).toBe(6_000);
    const payout = (await refs.payouts().doc(affiliate.pending_payout_id!).get()).data()!;
    expect(payout.amount_cents).toBe(24_000);
  });

  test("a refund inside the hold cancels the held commission and leaves the payable balance as it was", async () => {
    const user = await createAffiliateUser();
    await sale(user.uid, "400", holdDays + 1); // $240 payable
    const held = await sale(user.uid, "500", 2); // $300 held
    const before = await stored(user.uid);
    expect(payableOf(before, new Date())).toBe(24_000);

    await refund(user.uid, held.id, "100"); // claws back $60 of the held $300
    const partly = await stored(user.uid);
    expect(partly.held).toEqual({ [held.maturesOn]: 24_000 });
    expect(partly.total_refunded_cents).toBe(6_000);
    expect(payableOf(partly, new Date())).toBe(24_000);

    await refund(user.uid, held.id, undefined, "chargeback"); // the rest
    const whole = await stored(user.uid);
    expect(whole.held).toEqual({ [held.maturesOn]: 0 });
    expect(whole.total_refunded_cents).toBe(30_000);
    expect(payableOf(whole, new Date())).toBe(24_000);

    // The payout pays the $240 that matured: the refunds took nothing from it.
    expect((await api(user, "POST", "/api/update_paypal_account", form)).status).toBe(200);
    expect((await api(user, "POST", "/api/request_payout", form)).status).toBe(200);
    expect((await stored(user.uid)).latest_invoice!.amount_cents).toBe(24_000);
  });

  test("a refund after the hold claws back from the balance, as before", async () => {
    const user = await createAffiliateUser();
    const matured = await sale(user.uid, "500", holdDays + 1); // $300 payable
    await refund(user.uid, matured.id, "100"); // $60 back
    const affiliate = await stored(user.uid);
    expect(affiliate.held).toEqual({});
    expect(payableOf(affiliate, new Date())).toBe(24_000);
  });

  test("a refund that arrived before its sale is applied with it, inside the hold: nothing stays held", async () => {
    const user = await createAffiliateUser();
    const event = saleEvent(user.uid, "500");
    await refund(user.uid, event.id, "500");
    expect((await stored(user.uid)).held).toEqual({});
    expect((await sendEvent(event)).status).toBe(200);
    const affiliate = await stored(user.uid);
    expect(affiliate.total_earnings_cents).toBe(30_000);
    expect(affiliate.total_refunded_cents).toBe(30_000);
    const entry = (await refs.transactions(user.uid).doc(transactionId("promptchan", event.id)).get()).data()!;
    expect(affiliate.held).toEqual({ [entry.matures_on!]: 0 });
  });

  test("matured buckets count as payable without any request, and the next ledger write prunes them", async () => {
    const user = await createAffiliateUser();
    const { maturesOn: future } = await sale(user.uid, "100", 1); // $60 held
    const yesterday = dayKey(new Date(Date.now() - day));
    // As the store looks once a held bucket's day has come: the commission of a sale 30 days ago.
    await refs.affiliate(user.uid).update({
      total_earnings_cents: 6_000 + 30_000,
      held: { [yesterday]: 30_000, [future]: 6_000 },
    });
    expect(payableOf(await stored(user.uid), new Date())).toBe(30_000);

    const next = await sale(user.uid, "100", 0); // any ledger write
    const affiliate = await stored(user.uid);
    expect(affiliate.held).toEqual({ [future]: 6_000, [next.maturesOn]: 6_000 });
    expect(payableOf(affiliate, new Date())).toBe(30_000);
  });
});
