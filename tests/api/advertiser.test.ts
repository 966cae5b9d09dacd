/**
 * The advertiser API: check_advertiser, summary, record_payout and payout_history, through Hosting as the
 * web app calls them. The emulators hold every other test's affiliates too, so assertions look at this
 * file's own affiliates: their rows, and their order relative to each other.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { createAffiliate, refs, sendMaturedSale } from "../support/backend.ts";
import { emulatorConcurrency, inParallel } from "../support/concurrency.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";
import { newInvoice } from "../../functions/src/domain/invoice.ts";
import { emptyPayoutDetails } from "../../functions/src/domain/payout-details.ts";
import { demoProjectId, emulatorUrl } from "../../scripts/lib/project.ts";

const form = payoutForm({ name: "Rita Recorded" });

const day = 86_400_000;

async function sale(uid: string, amount: string): Promise<void> {
  const answer = await sendMaturedSale(uid, amount);
  expect(answer.status).toBe(200);
}

/** An affiliate who earned $240 (a $400 sale) and requested its payout, as the dashboard does. */
async function affiliateWithPendingPayout(): Promise<TestUser & { invoice: string }> {
  const user = await createAffiliateUser();
  await sale(user.uid, "400");
  expect((await api(user, "POST", "/api/update_paypal_account", form)).status).toBe(200);
  const answer = await api(user, "POST", "/api/request_payout", form);
  expect(answer.status).toBe(200);
  const invoice = /filename="(INV-\d{4}-\d{6,})\.pdf"/.exec(answer.headers.get("content-disposition") ?? "")?.[1];
  expect(invoice).toBeDefined();
  return { ...user, invoice: invoice! };
}

type Row = Record<string, unknown> & { user_id: string };

const firestoreDocuments = `${emulatorUrl("firestore")}/v1/projects/${demoProjectId}/databases/(default)/documents`;

/** Reads a document through the Firestore emulator as a client signed in with `token`: the rules apply. */
async function clientRead(token: string, documentPath: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${firestoreDocuments}/${documentPath}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.text() };
}

/** Lists the payouts where uid == `uid` (the one query the rules allow an affiliate), as a client signed in with `token`. */
async function clientListPayouts(token: string, uid: string): Promise<{ status: number; body: string }> {
  const structuredQuery = {
    from: [{ collectionId: "payouts" }],
    where: { fieldFilter: { field: { fieldPath: "uid" }, op: "EQUAL", value: { stringValue: uid } } },
  };
  const response = await fetch(`${firestoreDocuments}:runQuery`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ structuredQuery }),
  });
  return { status: response.status, body: await response.text() };
}

async function summary(user: TestUser, query = ""): Promise<Row[]> {
  const answer = await api(user, "GET", `/api/summary${query}`);
  expect(answer.status).toBe(200);
  const rows = JSON.parse(new TextDecoder().decode(answer.bytes)) as Row[];
  expect(Array.isArray(rows)).toBe(true);
  return rows;
}

const rowOf = async (staffUser: TestUser, uid: string) => (await summary(staffUser)).find((r) => r.user_id === uid);

let staff: TestUser;
let admin: TestUser;
let affiliate: TestUser;

beforeAll(async () => {
  [staff, admin, affiliate] = await Promise.all([
    createUser({ claims: { advertiser: true } }),
    createUser({ claims: { admin: true } }),
    createAffiliateUser(),
  ]);
});

describe("roles", () => {
  test("check_advertiser answers is_advertiser from the claim; the admin counts as staff", async () => {
    expect(await api(null, "GET", "/api/check_advertiser")).toMatchObject({ status: 401 });
    expect(await api(affiliate, "GET", "/api/check_advertiser")).toMatchObject({
      status: 200,
      json: { is_advertiser: false },
    });
    for (const user of [staff, admin]) {
      expect(await api(user, "GET", "/api/check_advertiser")).toMatchObject({
        status: 200,
        json: { is_advertiser: true },
      });
    }
  });

  test.each<[string, "GET" | "POST", string, object | undefined]>([
    ["summary", "GET", "/api/summary", undefined],
    ["payout history", "GET", "/api/payout_history", undefined],
    ["record_payout", "POST", "/api/record_payout", { user_id: "someone", payout_amount: 240 }],
  ])("%s: 401 signed out, 403 for an affiliate, open to staff and the admin", async (_, method, path, body) => {
    expect(await api(null, method, path, body)).toMatchObject({ status: 401 });
    expect(await api(affiliate, method, path, body)).toMatchObject({
      status: 403,
      json: { error: "Only advertiser staff may do this." },
    });
    for (const user of [staff, admin]) {
      // record_payout for an unknown affiliate: past the role check, refused for what it asks.
      expect((await api(user, method, path, body)).status).toBe(method === "GET" ? 200 : 404);
    }
  });

  test("an affiliate cannot record their own payout", async () => {
    const user = await affiliateWithPendingPayout();
    expect(await api(user, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 })).toMatchObject({
      status: 403,
    });
    expect((await refs.affiliate(user.uid).get()).data()?.payout_pending).toBe(true);
  });
});

describe("GET /api/summary", () => {
  const invoiceFor = (amountCents: number) =>
    newInvoice(1, new Date(), amountCents, { ...emptyPayoutDetails, name: "Pending Person", country: "Portugal" });

  /** Affiliates with hand-picked totals: pending ones, balance ties, and a clawback below zero. */
  async function arrange() {
    const pending = (balanceCents: number) => {
      const invoice = {
        ...invoiceFor(balanceCents),
        invoice_number: `INV-2099-${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`,
      };
      return createAffiliate({
        total_earnings_cents: balanceCents,
        payout_pending: true,
        pending_payout_id: invoice.invoice_number,
        latest_invoice: invoice,
      });
    };
    const settled = (earnings: number, refunded = 0, payouts = 0) =>
      createAffiliate({
        total_earnings_cents: earnings,
        total_refunded_cents: refunded,
        total_payouts_cents: payouts,
        total_sign_ups: 10,
        last_payout: payouts ? new Date(Date.now() - 40 * day) : null,
      });
    const [p300a, p300b, p100, s500a, s500b, s700, s0] = await Promise.all([
      pending(30_000),
      pending(30_000),
      pending(10_000),
      settled(50_000),
      settled(70_000, 0, 20_000), // 700 − 200 = 500: ties with s500a
      settled(70_000),
      settled(10_000, 15_000), // clawed back below zero: balance 0
    ]);
    const byId = (a: string, b: string) => (a < b ? [a, b] : [b, a]);
    return {
      ids: [p300a, p300b, p100, s500a, s500b, s700, s0],
      expected: [...byId(p300a, p300b), p100, s700, ...byId(s500a, s500b), s0],
      s500b,
      s0,
      p100,
    };
  }

  test("pending payouts first, then balance descending, ties by user id", async () => {
    const { ids, expected } = await arrange();
    const rows = await summary(staff);
    expect(rows.filter((row) => ids.includes(row.user_id)).map((row) => row.user_id)).toEqual(expected);
    // And in the whole list: no pending row after a settled one, balances descending within each part.
    const firstSettled = rows.findIndex((row) => !row.payout_pending);
    expect(rows.slice(firstSettled).some((row) => row.payout_pending)).toBe(false);
  });

  test("each row has SPEC.md's fields, in dollars, with the latest invoice", async () => {
    const { s500b, s0, p100 } = await arrange();
    const rows = await summary(admin);
    const settled = rows.find((row) => row.user_id === s500b)!;
    expect(Object.keys(settled)).toEqual(
      expect.arrayContaining([
        "user_id",
        "name",
        "country",
        "company",
        "paypal_payout_account",
        "commission_rate",
        "total_sign_ups",
        "total_earnings",
        "total_payouts",
        "total_refunds",
        "total_refunded",
        "required_payout",
        "last_payout",
        "payout_pending",
        "latest_invoice",
      ]),
    );
    expect(settled).toMatchObject({
      name: "Test Affiliate",
      country: "Portugal",
      company: "Test Media Lda",
      paypal_payout_account: "test@wise.example",
      payout_method: "Wise",
      commission_rate: 0.6,
      total_sign_ups: 10,
      total_earnings: 700,
      total_payouts: 200,
      total_refunded: 0,
      required_payout: 500,
      payout_pending: false,
      latest_invoice: null,
      pending_payout: null,
    });
    expect(Date.now() - Date.parse(settled.last_payout as string)).toBeGreaterThan(39 * day);
    expect(rows.find((row) => row.user_id === s0)).toMatchObject({ required_payout: 0, total_refunded: 150 });
    expect(rows.find((row) => row.user_id === p100)).toMatchObject({
      payout_pending: true,
      required_payout: 100,
      pending_payout: 100,
      latest_invoice: { name: "Pending Person", country: "Portugal", price: "100.00" },
    });
  });

  test("pages: ?limit= and ?after= (the last row's cursor) continue the same order", async () => {
    // Balances no other test uses, so nothing lands between these two rows while the test runs.
    const high = await createAffiliate({ total_earnings_cents: 98_765_431 });
    const next = await createAffiliate({ total_earnings_cents: 98_765_430 });
    const rows = await summary(staff);
    const index = rows.findIndex((row) => row.user_id === high);
    expect(rows[index + 1]?.user_id).toBe(next);

    const first = await api(staff, "GET", `/api/summary?limit=1&after=0.98765431.${high}`);
    expect(first.status).toBe(200);
    const page = JSON.parse(new TextDecoder().decode(first.bytes)) as Row[];
    expect(page.map((row) => row.user_id)).toEqual([next]);
    expect(Number(first.headers.get("x-total-count"))).toBeGreaterThanOrEqual(rows.length);
    // More affiliates follow (the test suite's others), so the answer says where the next page starts.
    expect(first.headers.get("x-next-cursor")).toBe(`0.98765430.${next}`);
    expect(first.headers.get("link")).toBe(`</api/summary?limit=1&after=0.98765430.${next}>; rel="next"`);
    // The whole list in one page has no next page.
    expect((await api(staff, "GET", "/api/summary")).headers.get("x-next-cursor")).toBeNull();
  });

  test("a long list comes compressed", async () => {
    // Enough rows that the answer is worth compressing (16 KiB and more) however few other tests ran yet.
    await Promise.all(Array.from({ length: 50 }, () => createAffiliate()));
    const answer = await api(staff, "GET", "/api/summary", undefined, { headers: { "Accept-Encoding": "gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.bytes.length).toBeGreaterThan(16 * 1024);
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(answer.headers.get("cache-control")).toContain("no-store");
  });

  test.each([
    ["?limit=0", "limit: must be a whole number from 1 to 20000."],
    ["?limit=20001", "limit: must be a whole number from 1 to 20000."],
    ["?limit=ten", "limit: must be a whole number from 1 to 20000."],
    ["?after=nonsense", "after: must be a cursor from a previous page."],
    ["?after=1.1.a&after=1.2.b", "after: Invalid input: expected string, received array"],
    ["?order=balance", 'Unrecognized key: "order"'],
  ])("%s is a 400", async (query, message) => {
    expect(await api(staff, "GET", `/api/summary${query}`)).toMatchObject({ status: 400, json: { error: message } });
  });
});

describe("POST /api/record_payout", () => {
  test("records the pending payout once: paid, by whom and when; the totals follow", async () => {
    const user = await affiliateWithPendingPayout();
    const before = Date.now();
    const answer = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(answer).toMatchObject({
      status: 200,
      json: {
        status: "recorded",
        invoice_number: user.invoice,
        user_id: user.uid,
        payout_amount: 240,
        recorded_by: { uid: staff.uid, email: staff.email },
        row: { user_id: user.uid, payout_pending: false, required_payout: 0, total_payouts: 240, pending_payout: null },
      },
    });

    const payout = (await refs.payouts().doc(user.invoice).get()).data()!;
    expect(payout).toMatchObject({ status: "paid" });
    expect(payout).not.toHaveProperty("recorded_by");
    expect(payout.paid_at!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    // Who recorded it is kept where only the functions read.
    expect((await refs.payoutAudit().doc(user.invoice).get()).data()).toEqual({
      recorded_by: { uid: staff.uid, email: staff.email },
      recorded_at: payout.paid_at,
    });
    const stored = (await refs.affiliate(user.uid).get()).data()!;
    expect(stored).toMatchObject({ total_payouts_cents: 24_000, payout_pending: false, pending_payout_id: null });
    expect(stored.last_payout!.getTime()).toBe(payout.paid_at!.getTime());

    expect(await rowOf(staff, user.uid)).toMatchObject({
      payout_pending: false,
      required_payout: 0,
      total_payouts: 240,
      last_payout: payout.paid_at!.toISOString(),
      latest_invoice: { invoice_number: user.invoice, price: "240.00" },
    });
  });

  test("the affiliate reads their paid payout through Firestore and learns nothing of who recorded it", async () => {
    const user = await affiliateWithPendingPayout();
    expect((await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 })).status).toBe(
      200,
    );

    const own = await clientRead(user.token, `payouts/${user.invoice}`);
    expect(own.status).toBe(200);
    expect(own.body).toContain('"paid"');
    const listed = await clientListPayouts(user.token, user.uid);
    expect(listed.status).toBe(200);
    expect(listed.body).toContain(user.invoice);
    for (const read of [own, listed]) {
      expect(read.body).not.toContain("recorded_by");
      expect(read.body).not.toContain(staff.email);
      expect(read.body).not.toContain(staff.uid);
    }
    // Nor from the audit entry, nor from their own account.
    expect((await clientRead(user.token, `payout_audit/${user.invoice}`)).status).toBe(403);
    const account = await clientRead(user.token, `affiliates/${user.uid}`);
    expect(account.status).toBe(200);
    expect(account.body).not.toContain(staff.email);
    expect(account.body).not.toContain(staff.uid);
  });

  test("the amount may come as text, as a balance is shown", async () => {
    const user = await affiliateWithPendingPayout();
    const answer = await api(admin, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: "240.00" });
    expect(answer).toMatchObject({ status: 200, json: { recorded_by: { uid: admin.uid } } });
  });

  test("nothing pending is a 409", async () => {
    const user = await createAffiliateUser();
    await sale(user.uid, "400");
    expect(await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 })).toMatchObject({
      status: 409,
      json: { error: "This affiliate has no pending payout to record." },
    });
  });

  test("recording it again says it was already recorded, by whom and when", async () => {
    const user = await affiliateWithPendingPayout();
    const body = { user_id: user.uid, payout_amount: 240 };
    expect((await api(staff, "POST", "/api/record_payout", body)).status).toBe(200);
    const again = await api(admin, "POST", "/api/record_payout", body);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(
      new RegExp(
        `^This payout was already recorded: ${user.invoice} \\(\\$240\\.00\\) by ${staff.email} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC\\.$`,
      ),
    );
  });

  test("a payout within 30 days of the last one is a 409, and nothing changes", async () => {
    const user = await affiliateWithPendingPayout();
    const lastPayout = new Date(Date.now() - 10 * day);
    await refs.affiliate(user.uid).update({ last_payout: lastPayout });
    const before = (await refs.affiliate(user.uid).get()).data();
    const answer = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(answer).toMatchObject({
      status: 409,
      json: {
        error: `This affiliate was already paid in the last 30 days (last payout ${lastPayout.toISOString().slice(0, 16).replace("T", " ")} UTC): a payout can be recorded only once a month.`,
      },
    });
    expect((await refs.affiliate(user.uid).get()).data()).toEqual(before);
    expect((await refs.payouts().doc(user.invoice).get()).data()?.status).toBe("pending");
  });

  test("staff pay the destination frozen at the request, not details the affiliate changed since", async () => {
    const user = await affiliateWithPendingPayout();
    const frozen = { method: "Wise", fields: [["Wise Account Email", form.paypalEmail]] };
    // Whoever holds the account now changes where money goes, while the payout is pending.
    const changed = { ...form, paypalEmail: "someone-else@wise.test" };
    expect((await api(user, "POST", "/api/update_paypal_account", changed)).status).toBe(200);
    expect((await refs.affiliate(user.uid).get()).data()?.paypal_payout_account).toBe("someone-else@wise.test");

    expect(await rowOf(staff, user.uid)).toMatchObject({ pending_destination: frozen });
    const answer = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(answer).toMatchObject({ status: 200, json: { paid_to: frozen, row: { pending_destination: null } } });
    expect((await refs.payouts().doc(user.invoice).get()).data()?.invoice.payee.paypal_payout_account).toBe(
      form.paypalEmail,
    );
  });

  test("a suspended affiliate's pending payout is a 409, and nothing changes", async () => {
    const user = await affiliateWithPendingPayout();
    await refs.affiliate(user.uid).update({ fraud_user: true });
    const before = (await refs.affiliate(user.uid).get()).data();
    expect(await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 })).toMatchObject({
      status: 409,
      json: {
        error: "This affiliate's account is suspended for fraudulent activity: their payout cannot be recorded.",
      },
    });
    expect((await refs.affiliate(user.uid).get()).data()).toEqual(before);
    expect((await refs.payouts().doc(user.invoice).get()).data()?.status).toBe("pending");
  });

  test("an amount other than the pending payout's is a 409, and nothing changes", async () => {
    const user = await affiliateWithPendingPayout();
    // The balance has grown since the request: still only the requested $240 may be recorded.
    await sale(user.uid, "100");
    const before = (await refs.affiliate(user.uid).get()).data();
    for (const payout_amount of [300, 100, "239.99", 0]) {
      const answer = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount });
      expect(answer.status).toBe(409);
      expect(answer.json.error).toMatch(/^The pending payout is \$240\.00, not \$\d+\.\d\d: record the pending/);
    }
    expect((await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 300 })).json.error).toBe(
      "The pending payout is $240.00, not $300.00: record the pending payout's amount.",
    );
    expect((await refs.affiliate(user.uid).get()).data()).toEqual(before);
    expect(await rowOf(staff, user.uid)).toMatchObject({ required_payout: 300, pending_payout: 240 });
  });

  test.each<[string, object, number, string]>([
    ["no user_id", { payout_amount: 240 }, 400, "user_id: Invalid input: expected string, received undefined"],
    ["a user_id that is not one", { user_id: "../x", payout_amount: 240 }, 400, "user_id: must be a user id."],
    ["no amount", { user_id: "u1" }, 400, "payout_amount: Invalid input"],
    ["a negative amount", { user_id: "u1", payout_amount: -240 }, 400, "payout_amount: Amount must not be negative."],
    [
      "three decimals",
      { user_id: "u1", payout_amount: "240.001" },
      400,
      "payout_amount: Amount must have at most 2 decimals.",
    ],
    ["an extra field", { user_id: "u1", payout_amount: 240, paid: true }, 400, 'Unrecognized key: "paid"'],
    ["an unknown affiliate", { user_id: "no-such-affiliate", payout_amount: 240 }, 404, "No affiliate has the user id"],
  ])("%s is refused", async (_, body, status, message) => {
    const answer = await api(staff, "POST", "/api/record_payout", body);
    expect(answer.status).toBe(status);
    expect(answer.json.error).toContain(message);
  });

  test("10 calls at once (a double click, two staff) record exactly one payout", async () => {
    const user = await affiliateWithPendingPayout();
    const callers = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? staff : admin));
    const answers = await inParallel(callers, emulatorConcurrency, (caller) =>
      api(caller, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.json.error).toMatch(/^This payout was already recorded: /);
    }
    expect((await refs.affiliate(user.uid).get()).data()).toMatchObject({
      total_payouts_cents: 24_000,
      payout_pending: false,
    });
    const paid = await refs.payouts().where("uid", "==", user.uid).get();
    expect(paid.docs.map((doc) => doc.data().status)).toEqual(["paid"]);
  }, 120_000);
});

describe("GET /api/payout_history", () => {
  test("every recorded payout, newest first, with who recorded it; paged", async () => {
    const user = await affiliateWithPendingPayout();
    expect((await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 })).status).toBe(
      200,
    );
    // A month later: another sale, another request, recorded by the admin.
    await refs.affiliate(user.uid).update({ last_payout: new Date(Date.now() - 31 * day) });
    await sale(user.uid, "500");
    const second = await api(user, "POST", "/api/request_payout", form);
    expect(second.status).toBe(200);
    expect((await api(admin, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 300 })).status).toBe(
      200,
    );

    const answer = await api(staff, "GET", `/api/payout_history?user_id=${user.uid}`);
    expect(answer.status).toBe(200);
    const { payouts, next } = answer.json as { payouts: Record<string, unknown>[]; next: string | null };
    expect(next).toBeNull();
    expect(payouts).toMatchObject([
      {
        user_id: user.uid,
        amount: 300,
        method: "Wise",
        name: "Rita Recorded",
        recorded_by: { uid: admin.uid, email: admin.email },
      },
      {
        user_id: user.uid,
        amount: 240,
        invoice_number: user.invoice,
        recorded_by: { uid: staff.uid, email: staff.email },
      },
    ]);
    expect(Date.parse(payouts[0]!.paid_at as string)).toBeGreaterThan(Date.parse(payouts[1]!.paid_at as string));

    const page1 = await api(staff, "GET", `/api/payout_history?user_id=${user.uid}&limit=1`);
    const body1 = page1.json as { payouts: { invoice_number: string }[]; next: string };
    expect(body1.payouts).toHaveLength(1);
    expect(body1.next).toMatch(/^\d+\.INV-/);
    const page2 = await api(staff, "GET", `/api/payout_history?user_id=${user.uid}&limit=1&after=${body1.next}`);
    expect(page2.json).toEqual({ payouts: [expect.objectContaining({ invoice_number: user.invoice })], next: null });

    // The whole trail (every affiliate) has the newest first too.
    const all = (await api(admin, "GET", "/api/payout_history?limit=20")).json as { payouts: { paid_at: string }[] };
    const times = all.payouts.map((record) => Date.parse(record.paid_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  }, 60_000);

  test("a payout recorded before the recorder moved to payout_audit still shows who recorded it", async () => {
    const user = await affiliateWithPendingPayout();
    expect((await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 })).status).toBe(
      200,
    );
    // Stored as before the move (as emulator-data/ and a project not yet migrated hold it): on the payout
    // itself, and for the demo payouts with the whole demo account.
    const recorder = { uid: "legacy-staff", email: "legacy-staff@test.example" };
    await refs.payoutAudit().doc(user.invoice).delete();
    await refs
      .payouts()
      .doc(user.invoice)
      .withConverter(null)
      .update({ recorded_by: { ...recorder, displayName: "Lee Legacy (staff)", role: "advertiser staff" } });

    const history = await api(staff, "GET", `/api/payout_history?user_id=${user.uid}`);
    expect(history).toMatchObject({ status: 200, json: { payouts: [{ invoice_number: user.invoice }] } });
    expect((history.json.payouts as { recorded_by: unknown }[])[0]!.recorded_by).toEqual(recorder);
    const again = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(again.status).toBe(409);
    expect(again.json.error).toContain(`already recorded: ${user.invoice} ($240.00) by ${recorder.email} at`);
  });

  test.each(["?limit=501", "?after=INV-1", "?user_id=a/b", "?status=pending"])("%s is a 400", async (query) => {
    expect((await api(staff, "GET", `/api/payout_history${query}`)).status).toBe(400);
  });
});
