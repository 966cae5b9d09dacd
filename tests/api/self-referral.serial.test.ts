/**
 * Issue 33's self-referral: signed events and postbacks name their customer (customer_id,
 * customer_email_sha256, customer_ip, payment_fingerprint), kept only as salted keys; one that matches the
 * affiliate's own (sign-in e-mail, payout destination, the addresses they used the dashboard from, a customer
 * id learnt from an earlier match) raises the self_referral signal in the sale's own transaction, so that
 * very sale is held by the case, once, whatever retries or copies arrive. Fixtures that must fire (each kind)
 * and that must not (another customer, the rule off, no identifiers), and bad identifiers refused with
 * nothing changed.
 * Serial: it switches the programme-wide self_referral rule on (and off in one test), and puts it back after.
 */
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RiskRules } from "../../functions/src/domain/risk-rules.ts";
import type { RiskCaseDoc } from "../../functions/src/domain/risk.ts";
import { signature, sendEvent } from "../../scripts/lib/events-client.ts";
import { demoSecrets } from "../../scripts/lib/local-secrets.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { openLink, refs, saleEvent, splitClickId } from "../support/backend.ts";
import { inParallel } from "../support/concurrency.ts";
import { payoutForm } from "../support/payout-details.ts";
import { promptchanSettings, saveRiskRules, type PromptchanSettings } from "../support/risk.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

let admin: TestUser;
let original: PromptchanSettings;

const selfReferral = (enabled: boolean): RiskRules => ({
  ...original.settings.risk_rules,
  self_referral: { enabled, action: "hold_new" },
});

beforeAll(async () => {
  admin = await createUser({ claims: { admin: true } });
  original = await promptchanSettings(admin);
  await saveRiskRules(admin, selfReferral(true));
});

afterAll(async () => {
  await saveRiskRules(admin, original.settings.risk_rules);
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** An address of the documentation ranges no other test uses, new at each call. */
const address = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** An affiliate signed up through the API, who then opened their dashboard from `from`. */
async function affiliateFrom(from: string): Promise<TestUser> {
  const user = await createAffiliateUser();
  const dashboard = await api(user, "GET", "/api/get_user_data", undefined, { headers: { "X-Forwarded-For": from } });
  expect(dashboard.status, dashboard.json.error).toBe(200);
  return user;
}

async function send(body: Parameters<typeof sendEvent>[0]) {
  const answer = await sendEvent(body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body!;
}

const affiliateDoc = async (uid: string) => (await refs.affiliate(uid).get()).data()!;
const caseOf = async (id: string): Promise<RiskCaseDoc> => (await refs.riskCase(id).get()).data()!;
const saleEntry = async (id: string, advertiser = "promptchan") =>
  (
    await refs
      .transactions((await refs.events().doc(`${advertiser}_${id}`).get()).data()!.uid)
      .doc(`${advertiser}_${id}`)
      .get()
  ).data()!;
const heldCents = (doc: Awaited<ReturnType<typeof affiliateDoc>>) =>
  Object.values(doc.risk_held ?? {}).reduce(
    (sum, days) => sum + Object.values(days ?? {}).reduce((a, b) => a + b, 0),
    0,
  );

/** The case the affiliate's self-referral opened: it, and the sale's ledger entry. */
async function expectHeldBySelfReferral(uid: string, saleId: string, kinds: string[]) {
  const affiliate = await affiliateDoc(uid);
  expect(affiliate.risk_case).toMatchObject({ action: "hold_new", families: ["self_referral"] });
  const riskCase = await caseOf(affiliate.risk_case!.id);
  const event = riskCase.events.find((each) => each.evidence.event_id === saleId);
  expect(event).toMatchObject({
    key: `self_referral:promptchan:${saleId}`,
    family: "self_referral",
    action: "hold_new",
    evidence: { sale_id: saleId, identifier_kinds: kinds },
  });
  const entry = await saleEntry(saleId);
  expect(entry.risk_case_id).toBe(affiliate.risk_case!.id);
  return { affiliate, riskCase, entry };
}

describe("a matching customer: the sale itself is held by the case it opens", () => {
  test("by the sign-in e-mail's SHA-256 (in upper-case hex too): the event record keeps only a salted key", async () => {
    const user = await affiliateFrom(address());
    const raw = sha256(user.email.toLowerCase());
    const sale = { ...saleEvent(user.uid, "100.00"), customer_email_sha256: raw.toUpperCase() };
    expect(await send(sale)).toEqual({ status: "applied" });

    const { affiliate, riskCase, entry } = await expectHeldBySelfReferral(user.uid, sale.id, ["customer_email_sha256"]);
    expect(riskCase).toMatchObject({ status: "open", event_count: 1, families: ["self_referral"] });
    expect(riskCase.events[0]!.evidence.detail).toBe(
      `Sale ${sale.id} (promptchan): the customer's e-mail matches the affiliate's own.`,
    );
    // The whole commission (60% of $100) is held by the case, none of it in the normal hold.
    expect(entry.earnings_cents).toBe(6_000);
    expect(heldCents(affiliate)).toBe(6_000);
    expect(Object.values(affiliate.held ?? {}).reduce((a, b) => a + b, 0)).toBe(0);

    const record = (await refs.events().doc(`promptchan_${sale.id}`).get()).data()!;
    expect(record.customer!.customer_email_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(record).toLowerCase()).not.toContain(raw);
    // The affiliate hears they are under review, in plain words.
    const view = await api(user, "GET", "/api/get_user_data");
    expect(view.json.risk_review).toMatchObject({
      reasons: ["Some sales look like purchases made by the account holder."],
      held: 60,
    });
  });

  test("by an address they used the dashboard from (IPv4, and IPv6 within the same /64)", async () => {
    const from = address();
    const user = await affiliateFrom(from);
    const sale = { ...saleEvent(user.uid, "20.00"), customer_ip: from };
    await send(sale);
    await expectHeldBySelfReferral(user.uid, sale.id, ["customer_ip"]);

    const network = `2001:db8:5e1f:${Math.floor(Math.random() * 60000).toString(16)}`;
    const v6 = await affiliateFrom(`${network}::10`);
    // Another device of the same household: the network's part of the address is the same.
    const fromPhone = { ...saleEvent(v6.uid, "20.00"), customer_ip: `${network}:a1b2:c3d4:e5f6:99` };
    await send(fromPhone);
    await expectHeldBySelfReferral(v6.uid, fromPhone.id, ["customer_ip"]);
  });

  test("by the payout destination: a payment from the affiliate's own Wise account", async () => {
    const user = await affiliateFrom(address());
    const wise = `own-${randomUUID().slice(0, 8)}@wise.example`;
    const saved = await api(user, "POST", "/api/update_paypal_account", payoutForm({ paypalEmail: wise }));
    expect(saved.status, saved.json.error).toBe(200);
    const sale = { ...saleEvent(user.uid, "30.00"), payment_fingerprint: ` ${wise.toUpperCase()} ` };
    await send(sale);
    await expectHeldBySelfReferral(user.uid, sale.id, ["payment_fingerprint"]);
  });
});

/** A click on the affiliate's promptchan link, through the tracking redirect: its click id. */
async function clickId(uid: string): Promise<string> {
  const answer = await openLink(`/m/${uid}`, {
    ip: `10.${Math.floor(Math.random() * 250)}.33.${Math.floor(Math.random() * 250)}`,
  });
  expect(answer.status).toBe(302);
  return splitClickId(answer.location!).clickId!;
}

/** A postback signed as the events API signs (no token: only postbacks.test.ts rotates tokens). */
async function postback(params: Record<string, string>) {
  const body = JSON.stringify(params);
  const answer = await fetch(`${siteUrl}/api/postback/promptchan`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Signature": signature(body, demoSecrets.EVENT_SIGNING_SECRETS.promptchan),
    },
    body,
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

describe("postbacks, and a customer id learnt from a match", () => {
  test("a postback sale matching by e-mail teaches its customer id; a renewal naming only that id matches too", async () => {
    const user = await affiliateFrom(address());
    const click = await clickId(user.uid);
    const customer = `cus_${randomUUID().slice(0, 8)}`;
    const first = {
      event: "sale",
      click_id: click,
      transaction_id: `t-${randomUUID()}`,
      amount: "40.00",
      customer_id: customer,
      customer_email_sha256: sha256(user.email),
    };
    expect(await postback(first)).toEqual({ status: 200, json: { status: "applied" } });
    const renewal = {
      event: "sale",
      click_id: click,
      transaction_id: `t-${randomUUID()}`,
      amount: "40.00",
      repeat_index: "1",
      customer_id: customer,
      customer_email_sha256: "{customer_email_sha256}",
    };
    expect(await postback(renewal)).toEqual({ status: 200, json: { status: "applied" } });

    await expectHeldBySelfReferral(user.uid, first.transaction_id, ["customer_email_sha256"]);
    const { riskCase } = await expectHeldBySelfReferral(user.uid, renewal.transaction_id, ["customer_id"]);
    expect(riskCase.event_count).toBe(2);
    // The same customer id at another advertiser is another customer: the id is the advertiser's own.
    const elsewhere = { ...saleEvent(user.uid, "10.00"), advertiser_id: "cutechat", customer_id: customer };
    await send(elsewhere);
    expect((await caseOf((await affiliateDoc(user.uid)).risk_case!.id)).event_count).toBe(2);
  });

  test("a postback with a bad identifier is refused by name and credits nothing", async () => {
    const user = await affiliateFrom(address());
    const transaction = `t-${randomUUID()}`;
    const answer = await postback({
      event: "sale",
      click_id: await clickId(user.uid),
      transaction_id: transaction,
      amount: "40.00",
      customer_ip: "300.1.2.3",
    });
    expect(answer).toEqual({ status: 400, json: { error: "customer_ip: must be an IPv4 or IPv6 address." } });
    expect((await refs.events().doc(`promptchan_${transaction}`).get()).exists).toBe(false);
    expect((await affiliateDoc(user.uid)).total_sales).toBe(0);
  });
});

describe("what must not fire", () => {
  test("another customer: nothing matches, the sale is credited and held as usual", async () => {
    const user = await affiliateFrom(address());
    const sale = {
      ...saleEvent(user.uid, "50.00"),
      customer_id: "cus_someone",
      customer_email_sha256: sha256("someone.else@example.com"),
      customer_ip: address(),
      payment_fingerprint: "fp_someone",
    };
    await send(sale);
    const affiliate = await affiliateDoc(user.uid);
    expect(affiliate.risk_case).toBeNull();
    expect((await saleEntry(sale.id)).risk_case_id).toBeUndefined();
    expect(affiliate.total_earnings_cents).toBe(3_000);
    expect(Object.values(affiliate.held).reduce((a, b) => a + b, 0)).toBe(3_000);
    // Still recorded, hashed, for what a later look may need.
    expect(Object.keys((await refs.events().doc(`promptchan_${sale.id}`).get()).data()!.customer!).sort()).toEqual([
      "customer_email_sha256",
      "customer_id",
      "customer_ip",
      "payment_fingerprint",
    ]);
  });

  test("no identifiers: credited exactly as before, with no customer on the record", async () => {
    const user = await affiliateFrom(address());
    const sale = saleEvent(user.uid, "50.00");
    await send(sale);
    const affiliate = await affiliateDoc(user.uid);
    expect(affiliate.risk_case).toBeNull();
    expect(affiliate.total_earnings_cents).toBe(3_000);
    expect((await refs.events().doc(`promptchan_${sale.id}`).get()).data()).not.toHaveProperty("customer");
  });

  test("the rule off: the affiliate's own e-mail raises nothing", async () => {
    const user = await affiliateFrom(address());
    await saveRiskRules(admin, selfReferral(false));
    try {
      await send({ ...saleEvent(user.uid, "50.00"), customer_email_sha256: sha256(user.email) });
    } finally {
      await saveRiskRules(admin, selfReferral(true));
    }
    expect((await affiliateDoc(user.uid)).risk_case).toBeNull();
    expect((await refs.riskCases().where("uid", "==", user.uid).get()).size).toBe(0);
  });
});

describe("exactly once", () => {
  test("the same sale eight times at once, and again after: one event in the case, held once", async () => {
    const user = await affiliateFrom(address());
    const sale = { ...saleEvent(user.uid, "100.00"), customer_email_sha256: sha256(user.email) };
    const answers = await inParallel(
      Array.from({ length: 8 }, () => sale),
      8,
      (body) => sendEvent(body),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((answer) => answer.body!.status === "applied")).toHaveLength(1);
    expect(await send(sale)).toEqual({ status: "duplicate" });

    const { affiliate, riskCase } = await expectHeldBySelfReferral(user.uid, sale.id, ["customer_email_sha256"]);
    expect(riskCase.event_count).toBe(1);
    expect(heldCents(affiliate)).toBe(6_000);
    expect(affiliate.total_earnings_cents).toBe(6_000);
    expect((await refs.riskCases().where("uid", "==", user.uid).get()).size).toBe(1);
    // The same id with other identifiers is another body: refused, nothing changed.
    const changed = await sendEvent({ ...sale, customer_ip: address() });
    expect(changed.status).toBe(409);
  });

  test("different matching sales at once: one case gathers them all, each held", async () => {
    const user = await affiliateFrom(address());
    const sales = Array.from({ length: 6 }, () => ({
      ...saleEvent(user.uid, "10.00"),
      customer_email_sha256: sha256(user.email),
    }));
    const answers = await inParallel(sales, 6, (body) => sendEvent(body));
    expect(answers.map((answer) => answer.body)).toEqual(Array(6).fill({ status: "applied" }));

    const cases = await refs.riskCases().where("uid", "==", user.uid).get();
    expect(cases.size).toBe(1);
    expect(cases.docs[0]!.data().event_count).toBe(6);
    const affiliate = await affiliateDoc(user.uid);
    expect(heldCents(affiliate)).toBe(6 * 600);
    for (const sale of sales) expect((await saleEntry(sale.id)).risk_case_id).toBe(cases.docs[0]!.id);
  });
});

describe("bad identifiers are refused with a clear 400 and change nothing", () => {
  test.each([
    [{ customer_email_sha256: "not-a-hash" }, "customer_email_sha256: must be the hex SHA-256"],
    [{ customer_ip: "203.0.113.999" }, "customer_ip: must be an IPv4 or IPv6 address."],
    [{ customer_id: "x".repeat(129) }, "customer_id: must be the advertiser's own id for the customer"],
    [{ payment_fingerprint: "<script>" }, "payment_fingerprint: contains characters that are not allowed."],
    [{ customer_id: 42 }, "customer_id:"],
  ])("%j", async (bad, message) => {
    const user = await affiliateFrom(address());
    const sale = { ...saleEvent(user.uid, "50.00"), ...bad };
    const answer = await sendEvent(sale);
    expect(answer.status).toBe(400);
    expect((answer.body as { error: string }).error).toContain(message);
    expect((await refs.events().doc(`promptchan_${sale.id}`).get()).exists).toBe(false);
    const affiliate = await affiliateDoc(user.uid);
    expect(affiliate.total_sales).toBe(0);
    expect(affiliate.risk_case).toBeNull();
  });
});
