/**
 * E-mails (issue 19) as documents for the Trigger Email extension: one per cause, written with the change
 * that causes it, whatever double clicks, concurrent requests or scheduler retries happen.
 */
import { describe, expect, test } from "vitest";
import { writeStaffDigest } from "../../functions/src/advertiser/staff-digest.ts";
import { dayKey } from "../../functions/src/domain/days.ts";
import { db, refs, sendMaturedSale } from "../support/backend.ts";
import { emulatorConcurrency, inParallel } from "../support/concurrency.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

/** Mia's details: a Wise account of her own for each affiliate, so no two of them share a payout destination. */
const formFor = (uid: string) =>
  payoutForm({
    name: "Mia Mailer",
    postCode: "1100-053",
    company: "Mailer Media",
    invoiceEmail: "invoices@mailer.example",
    paypalEmail: `mia-${uid.slice(0, 12).toLowerCase()}@wise.example`,
  });

/** The e-mails written about this affiliate, by id. */
async function mailsOf(uid: string) {
  const mails = await db().collection("mail").where("uid", "==", uid).get();
  return new Map(mails.docs.map((mail) => [mail.id, mail.data()]));
}

async function affiliateWithPendingPayout(): Promise<{ user: TestUser; invoice: string }> {
  const user = await createAffiliateUser();
  expect((await sendMaturedSale(user.uid, "400")).status).toBe(200);
  // Two requests at once: one payout, one e-mail.
  const form = formFor(user.uid);
  const answers = await inParallel([1, 2], 2, () => api(user, "POST", "/api/request_payout", form));
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  const affiliate = (await refs.affiliate(user.uid).get()).data()!;
  return { user, invoice: affiliate.pending_payout_id! };
}

describe("affiliates' e-mails", () => {
  test("a payout request writes one e-mail to the invoice address", async () => {
    const { user, invoice } = await affiliateWithPendingPayout();
    const mails = await mailsOf(user.uid);
    expect([...mails.keys()]).toEqual([`payout-requested-${invoice}`]);
    const mail = mails.get(`payout-requested-${invoice}`)!;
    expect(mail).toMatchObject({ to: ["invoices@mailer.example"], cause: "payout_requested", uid: user.uid });
    expect(mail.message.subject).toBe(`Payout requested: $240.00 (${invoice})`);
    expect(mail.message.text).toContain("It will be paid by Wise (m***@wise.example)");
    expect(mail.message.html).toContain("<p>Hello Mia Mailer,</p>");
  });

  test("recording the payout writes one 'sent' e-mail, however many staff click at once", async () => {
    const { user, invoice } = await affiliateWithPendingPayout();
    const staff = await createUser({ claims: { advertiser: true } });
    const answers = await inParallel(Array.from({ length: 6 }), emulatorConcurrency, () =>
      api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const mails = await mailsOf(user.uid);
    expect([...mails.keys()].sort()).toEqual([`payout-requested-${invoice}`, `payout-sent-${invoice}`]);
    expect(mails.get(`payout-sent-${invoice}`)).toMatchObject({
      to: ["invoices@mailer.example"],
      cause: "payout_sent",
      message: { subject: `Payout sent: $240.00 (${invoice})` },
    });
  });

  test("a suspension writes the affiliate's e-mail and an audit record once; reinstating writes none", async () => {
    const user = await createAffiliateUser();
    const staff = await createUser({ claims: { advertiser: true } });
    const suspend = { user_id: user.uid, suspended: true, reason: "Sign-ups from automated traffic." };
    const answers = await inParallel(Array.from({ length: 4 }), emulatorConcurrency, () =>
      api(staff, "POST", "/api/set_suspension", suspend),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json.changed === true)).toHaveLength(1);
    expect(answers[0]!.json).toMatchObject({ user_id: user.uid, fraud_user: true, row: { fraud_user: true } });
    expect((await refs.affiliate(user.uid).get()).data()?.fraud_user).toBe(true);

    const mails = [...(await mailsOf(user.uid)).values()];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [user.email], cause: "account_suspended" });
    expect(mails[0]!.message.text).toContain("Reason: Sign-ups from automated traffic.");

    const reinstated = await api(staff, "POST", "/api/set_suspension", { user_id: user.uid, suspended: false });
    expect(reinstated.json).toMatchObject({ fraud_user: false, changed: true });
    expect((await mailsOf(user.uid)).size).toBe(1);
    const audit = await db().collection("suspension_audit").where("uid", "==", user.uid).get();
    expect(audit.docs.map((doc) => doc.data()).sort((a, b) => b.suspended - a.suspended)).toEqual([
      expect.objectContaining({ suspended: true, reason: suspend.reason, by: { uid: staff.uid, email: staff.email } }),
      expect.objectContaining({ suspended: false, reason: "" }),
    ]);
  });

  test("a suspension needs a reason, and only staff may suspend", async () => {
    const user = await createAffiliateUser();
    const staff = await createUser({ claims: { advertiser: true } });
    const noReason = await api(staff, "POST", "/api/set_suspension", { user_id: user.uid, suspended: true });
    expect(noReason).toMatchObject({
      status: 400,
      json: { error: "reason: say why the affiliate is suspended: they are told." },
    });
    const self = await api(user, "POST", "/api/set_suspension", { user_id: user.uid, suspended: false });
    expect(self.status).toBe(403);
    expect((await refs.affiliate(user.uid).get()).data()?.fraud_user).toBe(false);
    expect((await mailsOf(user.uid)).size).toBe(0);
  });
});

describe("the staff digest", () => {
  test("lists the payouts due, once a day whatever the retries", async () => {
    const { invoice } = await affiliateWithPendingPayout();
    // A day of its own, so other runs and tests never share its id.
    const day = new Date(Date.UTC(2031, 0, 1 + Math.floor(Math.random() * 3000), 8));
    const digestId = `staff-digest-${dayKey(day)}`;
    await db().collection("mail").doc(digestId).delete();

    const runs = await Promise.all(
      [1, 2, 3].map(() => writeStaffDigest(day, ["staff@demo.test"], "https://p.example")),
    );
    expect(runs.filter((run) => run.written)).toHaveLength(1);
    const digest = (await db().collection("mail").doc(digestId).get()).data()!;
    expect(digest).toMatchObject({ to: ["staff@demo.test"], cause: "staff_digest", uid: null });
    expect(digest.message.subject).toMatch(new RegExp(`^Payouts due ${dayKey(day)}: \\d+ payouts?, \\$`));
    expect(digest.message.text).toContain(`- ${invoice}: $240.00 to invoices@mailer.example by Wise`);
    expect(digest.message.text).toContain("https://p.example/advertiser");
    await db().collection("mail").doc(digestId).delete();
  });

  test("no recipients, no digest", async () => {
    expect(await writeStaffDigest(new Date(), [], "")).toEqual({ written: false, due: 0 });
  });
});
