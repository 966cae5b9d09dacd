/**
 * Issue 33's e-mails about risk cases, as documents for the Trigger Email extension, written with the change
 * that causes them: the affiliate hears their account is under review when a case first holds their money
 * (a case that only flags tells them nothing) and how it ended; staff hear of every new case and of each
 * resolution. One e-mail per cause, whatever retries and second clicks happen.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import type { RiskAction } from "../../functions/src/domain/risk-rules.ts";
import { raiseSignal } from "../../functions/src/data/risk-cases.ts";
import { createAffiliate, db } from "../support/backend.ts";
import { api, createUser, type TestUser } from "../support/users.ts";

let staff: TestUser;

beforeAll(async () => {
  staff = await createUser({ claims: { advertiser: true } });
});

afterEach(() => {
  delete process.env.STAFF_DIGEST_EMAILS;
});

/** The e-mails written about this affiliate, by id. */
async function mailsOf(uid: string) {
  const mails = await db().collection("mail").where("uid", "==", uid).get();
  return new Map(mails.docs.map((mail) => [mail.id, mail.data()]));
}

/** Raises a refund-rate signal of the rule's `action` for the affiliate: the case id. */
async function signal(uid: string, action: RiskAction, key = `test:${randomUUID()}`) {
  const { id } = await raiseSignal(
    uid,
    { key, family: "refund_rate", action, evidence: { detail: "Last 30 days: 12 of 12 sales refunded." } },
    new Date(),
  );
  return id;
}

describe("the affiliate's e-mails", () => {
  test("a case that holds tells the affiliate once, in plain words, and how it ended when released", async () => {
    const uid = await createAffiliate({ name: "Rita Review", invoice_email: "rita@invoices.example" });
    const id = await signal(uid, "hold_new");
    await signal(uid, "hold_all");

    const opened = (await mailsOf(uid)).get(`risk-review-opened-${id}`);
    expect(opened).toMatchObject({ to: ["rita@invoices.example"], cause: "risk_review_opened", uid });
    expect(opened!.message.subject).toBe("Your AI Affiliate Program account is under review");
    expect(opened!.message.text).toContain("Hello Rita Review,");
    expect(opened!.message.text).toContain("An unusually high share of your sales were refunded or charged back.");
    expect(opened!.message.text).toContain("payout requests are paused");
    // Never the evidence or a threshold.
    expect(opened!.message.text).not.toContain("12 of 12");
    expect([...(await mailsOf(uid)).keys()]).toEqual([`risk-review-opened-${id}`]);

    const release = () => api(staff, "POST", "/api/resolve_risk_case", { case_id: id, outcome: "release", note: "" });
    expect((await release()).status).toBe(200);
    expect((await release()).json).toMatchObject({ changed: false });
    const mails = await mailsOf(uid);
    // And staff's (the emulators' functions have the demo staff address: functions/.env.demo-affiliate).
    expect([...mails.keys()].sort()).toEqual([
      `risk-case-resolved-${id}`,
      `risk-review-ended-${id}`,
      `risk-review-opened-${id}`,
    ]);
    expect(mails.get(`risk-review-ended-${id}`)!.message.text).toContain("found nothing wrong");
    expect(mails.get(`risk-case-resolved-${id}`)!.message.subject).toBe("Risk case released: Rita Review");
  });

  test("a confirmed case tells the affiliate what was cancelled, and why", async () => {
    const uid = await createAffiliate({ name: "Carl Confirmed" });
    const id = await signal(uid, "hold_new");
    const note = "The buyers' cards belonged to the affiliate.";
    const answer = await api(staff, "POST", "/api/resolve_risk_case", { case_id: id, outcome: "confirm", note });
    expect(answer.status, answer.json.error).toBe(200);
    const ended = (await mailsOf(uid)).get(`risk-review-ended-${id}`);
    expect(ended!.message.subject).toBe("Your AI Affiliate Program account review: commission cancelled");
    expect(ended!.message.text).toContain(`Reason: ${note}`);
  });

  test("a case that only flags writes the affiliate nothing, opened or resolved; staff hear of the resolution", async () => {
    const uid = await createAffiliate();
    const id = await signal(uid, "flag");
    expect(
      (await api(staff, "POST", "/api/resolve_risk_case", { case_id: id, outcome: "release", note: "" })).status,
    ).toBe(200);
    const mails = await mailsOf(uid);
    expect([...mails.keys()]).toEqual([`risk-case-resolved-${id}`]);
    expect(mails.get(`risk-case-resolved-${id}`)).toMatchObject({ to: ["staff@demo.test"], cause: "risk_case_staff" });
  });
});

describe("staff's e-mails", () => {
  test("a new case goes to the staff addresses with its evidence and a link to it; a second signal adds none", async () => {
    process.env.STAFF_DIGEST_EMAILS = "Risk-Team@staff.example, ops@staff.example";
    const uid = await createAffiliate({ name: "Sam Staffmail" });
    const id = await signal(uid, "flag");
    await signal(uid, "flag");
    const opened = (await mailsOf(uid)).get(`risk-case-opened-${id}`);
    expect(opened).toMatchObject({ to: ["risk-team@staff.example", "ops@staff.example"], cause: "risk_case_staff" });
    expect(opened!.message.subject).toBe("Risk case opened: Sam Staffmail (Refund and chargeback rate)");
    expect(opened!.message.text).toContain("Last 30 days: 12 of 12 sales refunded.");
    expect(opened!.message.text).toContain(`/advertiser/risk?case=${id}`);
    expect([...(await mailsOf(uid)).keys()]).toEqual([`risk-case-opened-${id}`]);
  });

  test("without staff addresses, staff get no e-mail", async () => {
    const uid = await createAffiliate();
    await signal(uid, "flag");
    expect([...(await mailsOf(uid)).keys()]).toEqual([]);
  });
});
