/**
 * The e-mails, word for word: what an affiliate or a staff member reads is reviewed here, whole.
 */
import { describe, expect, test } from "vitest";
import { newInvoice } from "./invoice.js";
import {
  accountSuspendedMail,
  mailDoc,
  mailHtml,
  mailIds,
  payoutIssuedMail,
  payoutRequestedMail,
  payoutSentMail,
  riskCaseStaffMail,
  riskReviewEndedMail,
  riskReviewOpenedMail,
  staffDigestMail,
} from "./notifications.js";
import { emptyPayoutDetails } from "./payout-details.js";

const requestedAt = new Date("2026-11-03T09:30:00Z");
const invoice = newInvoice(42, requestedAt, 24_050, {
  ...emptyPayoutDetails,
  name: "Dana Demo",
  payout_type: "Wise",
  paypal_payout_account: "dana.wise@demo.test",
  invoice_email: "dana@demo.test",
});

describe("affiliates' e-mails", () => {
  test("payout requested", () => {
    expect(payoutRequestedMail(invoice)).toEqual({
      subject: "Payout requested: $240.50 (INV-2026-000042)",
      text: [
        "Hello Dana Demo,",
        "We have received your payout request for $240.50, invoice INV-2026-000042 for October 2026.",
        "It will be paid by Wise (d***@demo.test) by 3 December 2026 at the latest. We will e-mail you when it has been sent. You can download the invoice from your dashboard at any time.",
        "If you did not request this payout, reply to this e-mail at once.",
        "AI Affiliate Program\naffiliates@promptchan.ai",
      ].join("\n\n"),
    });
  });

  test("payout issued by staff for an affiliate who had not asked", () => {
    expect(payoutIssuedMail(invoice)).toEqual({
      subject: "Payout on its way: $240.50 (INV-2026-000042)",
      text: [
        "Hello Dana Demo,",
        "Your available balance of $240.50 is due, so we have issued your payout without waiting for you to request it: invoice INV-2026-000042 for October 2026.",
        "It will be paid by Wise (d***@demo.test) by 3 December 2026 at the latest, to the payout details on your dashboard. We will e-mail you when it has been sent. You can download the invoice from your dashboard at any time.",
        "If these details are no longer right, reply to this e-mail at once.",
        "AI Affiliate Program\naffiliates@promptchan.ai",
      ].join("\n\n"),
    });
  });

  test("payout sent", () => {
    expect(payoutSentMail({ invoice, paid_at: new Date("2026-11-10T15:00:00Z") })).toEqual({
      subject: "Payout sent: $240.50 (INV-2026-000042)",
      text: [
        "Hello Dana Demo,",
        "Your payout of $240.50 for invoice INV-2026-000042 was sent by Wise (d***@demo.test) on 10 November 2026.",
        "Depending on the method it can take a few business days to reach your account. If it has not arrived within 10 business days, reply to this e-mail with the invoice number.",
        "AI Affiliate Program\naffiliates@promptchan.ai",
      ].join("\n\n"),
    });
  });

  test("a wire transfer names the account, not the holder", () => {
    const wire = newInvoice(43, requestedAt, 50_000, {
      ...emptyPayoutDetails,
      name: "Wanda Wire",
      company: "Wire Co",
      payout_type: "Wire Transfer",
      bank_account_number: "000123456789",
      fedwire_routing_number: "026009593",
    });
    expect(payoutRequestedMail(wire).text).toContain("It will be paid by Wire Transfer (****6789) by");
  });

  test("a bank transfer by IBAN names the IBAN, masked in its groups of four", () => {
    const iban = newInvoice(44, requestedAt, 50_000, {
      ...emptyPayoutDetails,
      name: "Lena Lowkey",
      payout_type: "Bank Transfer (IBAN)",
      iban: "DE89370400440532013000",
      swift_BIC: "COBADEFF",
    });
    expect(payoutRequestedMail(iban).text).toContain(
      "It will be paid by Bank Transfer (IBAN) (DE89 **** **** **** **30 00) by",
    );
  });

  test("account suspended", () => {
    expect(accountSuspendedMail("Nick Neutral", "Sign-ups from automated traffic.")).toEqual({
      subject: "Your AI Affiliate Program account has been suspended",
      text: [
        "Hello Nick Neutral,",
        "Your affiliate account has been suspended. Reason: Sign-ups from automated traffic.",
        "While it is suspended your links still work for your visitors, but new sales earn no commission and payouts cannot be requested or paid.",
        "If you believe this is a mistake, reply to this e-mail with anything that helps us review it.",
        "AI Affiliate Program\naffiliates@promptchan.ai",
      ].join("\n\n"),
    });
  });
});

describe("the staff digest", () => {
  const due = [
    {
      invoice_number: "INV-2026-000040",
      email: "henry@demo.test",
      amount_cents: 120_000,
      method: "Crypto (TRON)",
      requested_at: new Date("2026-11-01T08:00:00Z"),
    },
    {
      invoice_number: "INV-2026-000042",
      email: "dana@demo.test",
      amount_cents: 24_050,
      method: "Wise",
      requested_at: requestedAt,
    },
  ];

  test("lists every payout due, the longest waiting first, with the total", () => {
    expect(staffDigestMail("2026-11-24", due, "https://partners.example")).toEqual({
      subject: "Payouts due 2026-11-24: 2 payouts, $1,440.50",
      text: [
        "2 payouts are waiting to be paid, $1,440.50 in all, the longest waiting first:",
        "- INV-2026-000040: $1,200.00 to henry@demo.test by Crypto (TRON), requested 1 November 2026\n" +
          "- INV-2026-000042: $240.50 to dana@demo.test by Wise, requested 3 November 2026",
        "Record them as paid on the advertiser dashboard: https://partners.example/advertiser",
        "AI Affiliate Program\naffiliates@promptchan.ai",
      ].join("\n\n"),
    });
  });

  test("says so when nothing is due, and caps the list", () => {
    expect(staffDigestMail("2026-11-24", [], "").subject).toBe("Payouts due 2026-11-24: none");
    expect(staffDigestMail("2026-11-24", [], "").text).toContain("No payout is waiting to be paid.");
    const capped = staffDigestMail("2026-11-24", due, "", 1);
    expect(capped.subject).toBe("Payouts due 2026-11-24: 2 payouts, $1,440.50");
    expect(capped.text).toContain("- and 1 more");
    expect(capped.text).not.toContain("INV-2026-000042");
  });
});

describe("the mail document", () => {
  test("has the text and the same text as escaped HTML", () => {
    const doc = mailDoc("a@b.test", { subject: "S", text: "Hi <b>&\n\nnext\nline" }, "payout_sent", "u1", requestedAt);
    expect(doc).toEqual({
      to: ["a@b.test"],
      message: { subject: "S", text: "Hi <b>&\n\nnext\nline", html: "<p>Hi &lt;b&gt;&amp;</p>\n<p>next<br>line</p>" },
      cause: "payout_sent",
      uid: "u1",
      created_at: requestedAt,
    });
    expect(mailHtml('"quoted"')).toBe("<p>&quot;quoted&quot;</p>");
  });

  test("ids name their cause", () => {
    expect(mailIds.payoutRequested("INV-2026-000042")).toBe("payout-requested-INV-2026-000042");
    expect(mailIds.payoutSent("INV-2026-000042")).toBe("payout-sent-INV-2026-000042");
    expect(mailIds.accountSuspended("u1", requestedAt)).toBe(`account-suspended-u1-${requestedAt.getTime()}`);
    expect(mailIds.staffDigest("2026-11-24")).toBe("staff-digest-2026-11-24");
  });
});

describe("risk review e-mails (issue 33)", () => {
  test("a released review says whether money was held and that payouts are open again", () => {
    expect(riskReviewEndedMail("Ann", "released", 12_345, "").text).toContain(
      "The $123.45 of commission held during the review is back on its normal hold period",
    );
    expect(riskReviewEndedMail("Ann", "released", 0, "").text).toContain("No commission was held during the review.");
  });

  test("a confirmed review names what was cancelled and the reason staff gave, if any", () => {
    const mail = riskReviewEndedMail("", "confirmed", 5_000, "Self-referred sales.");
    expect(mail.text).toContain("Hello there,");
    expect(mail.text).toContain(
      "The $50.00 of commission held during the review has been cancelled. Reason: Self-referred sales.",
    );
    expect(riskReviewEndedMail("Ann", "confirmed", 0, "").text).toContain("none was cancelled.");
  });

  test("the review's opening lists the plain reasons, one a line", () => {
    const { text } = riskReviewOpenedMail("Ann", ["First reason.", "Second reason."]);
    expect(text).toContain("What we noticed:\n- First reason.\n- Second reason.");
  });

  test("staff's resolution names who, what happened to the money, and why", () => {
    const mail = riskCaseStaffMail(
      { kind: "resolved", affiliate: "Ann", outcome: "confirmed", by: "s@x.example", heldCents: 100, note: "Farming." },
      "https://partners.example/advertiser/risk?case=c1",
    );
    expect(mail.subject).toBe("Risk case confirmed as fraud: Ann");
    expect(mail.text).toContain(
      "s@x.example confirmed the risk case of Ann as fraud: $1.00 of held commission cancelled.",
    );
    expect(mail.text).toContain("Reason: Farming.");
  });
});
