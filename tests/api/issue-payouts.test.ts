/**
 * Issue 19's due payouts: staff issue the payouts of affiliates who could be paid but have not asked. Each
 * is exactly a request made for them (the payable balance, their stored details frozen on the invoice, one
 * e-mail saying it was issued), then paid with the rest; anyone who cannot be paid is skipped with why.
 */
import { describe, expect, test } from "vitest";
import { db, refs, sendMaturedSale, sendSale } from "../support/backend.ts";
import { emulatorConcurrency, inParallel } from "../support/concurrency.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

const form = payoutForm({ name: "Ivo Issued", paypalEmail: "ivo@wise.example", invoiceEmail: "ivo@invoices.example" });

/** An affiliate with $240 payable (a matured $400 sale), $60 in hold, and complete details. */
async function readyAffiliate(): Promise<TestUser> {
  const user = await createAffiliateUser();
  expect((await sendMaturedSale(user.uid, "400")).status).toBe(200);
  expect((await sendSale(user.uid, "100")).status).toBe(200);
  expect((await api(user, "POST", "/api/update_paypal_account", form)).status).toBe(200);
  return user;
}

const summaryRowOf = async (staff: TestUser, uid: string) => {
  const rows = (await api(staff, "GET", "/api/summary")).json as unknown as Record<string, unknown>[];
  return rows.find((row) => row.user_id === uid)!;
};

describe("POST /api/issue_payouts", () => {
  test("a ready affiliate shows as ready in the summary; issuing makes the request they would have made, once", async () => {
    const [user, staff] = await Promise.all([readyAffiliate(), createUser({ claims: { advertiser: true } })]);
    expect(await summaryRowOf(staff, user.uid)).toMatchObject({
      payout_ready: true,
      payable: 240,
      held: 60,
      required_payout: 300,
      ready_destination: { method: "Wise", fields: [["Wise Account Email", "ivo@wise.example"]] },
    });

    // Two staff issue at once: one payout, one e-mail.
    const answers = await inParallel([1, 2], emulatorConcurrency, () =>
      api(staff, "POST", "/api/issue_payouts", { user_ids: [user.uid] }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const items = answers.flatMap((answer) => answer.json.items as Record<string, unknown>[]);
    const issued = items.filter((item) => item.status === "issued");
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ user_id: user.uid, amount: 240 });
    expect(items.find((item) => item.status === "skipped")).toMatchObject({ reason: "A payout is already pending." });

    const invoice = issued[0]!.invoice_number as string;
    const affiliate = (await refs.affiliate(user.uid).get()).data()!;
    expect(affiliate).toMatchObject({ payout_pending: true, pending_payout_id: invoice });
    expect(affiliate.latest_invoice!.amount_cents).toBe(24_000);
    expect(affiliate.latest_invoice!.payee.paypal_payout_account).toBe("ivo@wise.example");
    const mails = await db().collection("mail").where("uid", "==", user.uid).get();
    expect(mails.docs.map((mail) => mail.id)).toEqual([`payout-requested-${invoice}`]);
    expect(mails.docs[0]!.data()).toMatchObject({
      to: ["ivo@invoices.example"],
      cause: "payout_issued",
      message: { subject: `Payout on its way: $240.00 (${invoice})` },
    });

    // It is now a payout due like any other: recorded once, and no longer ready.
    expect(await summaryRowOf(staff, user.uid)).toMatchObject({ payout_pending: true, payout_ready: false });
    const recorded = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(recorded.status).toBe(200);
  });

  test("anyone who cannot be paid now is skipped with the reason, and nothing is written for them", async () => {
    const staff = await createUser({ claims: { advertiser: true } });
    const [held, incomplete, suspended] = await Promise.all([
      createAffiliateUser(),
      createAffiliateUser(),
      readyAffiliate(),
    ]);
    await sendSale(held.uid, "500"); // $300, all in its hold
    await api(held, "POST", "/api/update_paypal_account", form);
    await sendMaturedSale(incomplete.uid, "500");
    await refs.affiliate(suspended.uid).update({ fraud_user: true });

    const answer = await api(staff, "POST", "/api/issue_payouts", {
      user_ids: [held.uid, incomplete.uid, suspended.uid, "no-such-affiliate"],
    });
    expect(answer.status).toBe(200);
    const reasons = Object.fromEntries(
      (answer.json.items as { user_id: string; status: string; reason: string }[]).map((item) => [
        item.user_id,
        `${item.status}: ${item.reason}`,
      ]),
    );
    expect(reasons).toEqual({
      [held.uid]: "skipped: Less than $200 is payable.",
      [incomplete.uid]: "skipped: Payout details are incomplete.",
      [suspended.uid]: "skipped: Suspended: a suspended account is not paid.",
      "no-such-affiliate": expect.stringMatching(/^skipped: /),
    });
    for (const user of [held, incomplete, suspended]) {
      const affiliate = (await refs.affiliate(user.uid).get()).data()!;
      expect(affiliate.payout_pending).toBe(false);
      expect(affiliate.latest_invoice).toBeNull();
    }
  });

  test("only staff may issue payouts, and the list is bounded", async () => {
    const user = await readyAffiliate();
    const refused = await api(user, "POST", "/api/issue_payouts", { user_ids: [user.uid] });
    expect(refused.status).toBe(403);
    expect((await refs.affiliate(user.uid).get()).data()!.payout_pending).toBe(false);
    const staff = await createUser({ claims: { advertiser: true } });
    const empty = await api(staff, "POST", "/api/issue_payouts", { user_ids: [] });
    expect(empty.json).toEqual({ error: "user_ids: choose at least one affiliate." });
  });
});
