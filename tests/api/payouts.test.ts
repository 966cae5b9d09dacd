import { describe, expect, test } from "vitest";
import { refs, sendMaturedSale } from "../support/backend.ts";
import { emulatorConcurrency, inParallel } from "../support/concurrency.ts";
import { payoutForm } from "../support/payout-details.ts";
import { pdfText } from "../support/pdf.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";
import { formatInvoiceDate } from "../../functions/src/domain/invoice.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { addressLines, type InvoiceIssuer } from "../../functions/src/domain/programme.ts";
import { rootDir } from "../../scripts/lib/project.ts";

/** The invoice issuer the emulators run with: the demo parameters in functions/.env.demo-affiliate. */
function demoIssuer(): InvoiceIssuer {
  const env = readFileSync(path.join(rootDir, "functions", ".env.demo-affiliate"), "utf8");
  const param = (name: string) => new RegExp(`^${name}=(.*)$`, "m").exec(env)?.[1]?.trim() ?? "";
  return { legalName: param("OPERATOR_LEGAL_NAME"), postalAddress: addressLines(param("OPERATOR_POSTAL_ADDRESS")) };
}

const form = payoutForm({
  name: "Dana Payee",
  postCode: "1100-053",
  company: "Payee Media Lda",
  invoiceEmail: "invoices@payee.example",
  paypalEmail: "dana@wise.example",
});

/** An affiliate with `amount` dollars of sales (60% commission), optionally with details saved. */
async function affiliateWithSales(amount: string): Promise<TestUser> {
  const user = await createAffiliateUser();
  const answer = await sendMaturedSale(user.uid, amount);
  expect(answer.status).toBe(200);
  return user;
}

const invoiceCounter = async () =>
  ((await refs.internal("counters").doc("invoices").get()).data()?.last as number) ?? 0;

describe("POST /api/update_paypal_account", () => {
  test("stores the details under SPEC.md §3's names and says so", async () => {
    const user = await createAffiliateUser();
    const answer = await api(user, "POST", "/api/update_paypal_account", { ...form, name: "  Dana Payee " });
    expect(answer).toMatchObject({ status: 200, json: { message: "Details successfully updated." } });
    expect((await refs.affiliate(user.uid).get()).data()).toMatchObject({
      name: "Dana Payee",
      post_code: "1100-053",
      invoice_email: "invoices@payee.example",
      paypal_payout_account: "dana@wise.example",
      payout_type: "Wise",
    });
  });

  test("switching to Wire Transfer needs the bank details", async () => {
    const user = await createAffiliateUser();
    const answer = await api(user, "POST", "/api/update_paypal_account", { ...form, payoutType: "Wire Transfer" });
    expect(answer).toMatchObject({
      status: 400,
      json: { error: "Required: Fedwire Routing Number, Bank Account Number." },
    });
  });
});

describe("Bank Transfer (IBAN), through the API (issue 32)", () => {
  const iban = { ...form, payoutType: "Bank Transfer (IBAN)" as const };

  test("a mistyped IBAN or a bad BIC is refused with what to do, and nothing is stored", async () => {
    const user = await createAffiliateUser();
    const before = (await refs.affiliate(user.uid).get()).data();
    for (const [change, error] of [
      [{ iban: "DE89 3704 0044 0532 0130 01", swiftBIC: "COBADEFF" }, "This IBAN's check digits do not match"],
      [{ iban: "DE89 3704 0044 0532 0130 0", swiftBIC: "COBADEFF" }, "An IBAN from Germany has 22 characters"],
      [{ iban: "DE89370400440532013000", swiftBIC: "COBAXXFF" }, "SWIFT/BIC has no country"],
      [{ iban: "", swiftBIC: "" }, "Required: IBAN, SWIFT/BIC."],
    ] as const) {
      const answer = await api(user, "POST", "/api/update_paypal_account", { ...iban, ...change });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toContain(error);
    }
    expect((await refs.affiliate(user.uid).get()).data()).toEqual(before);
  });

  test("stored normalised, read back by get_user_data, invoiced masked, paid in full by staff", async () => {
    const user = await affiliateWithSales("400");
    // As people type them: lower case, spaces.
    const typed = {
      ...iban,
      iban: " de89 3704 0044 0532 0130 00 ",
      swiftBIC: "coba de ff",
      accountHolder: "Dana P. Payee",
    };
    expect((await api(user, "POST", "/api/update_paypal_account", typed)).status).toBe(200);
    expect((await refs.affiliate(user.uid).get()).data()).toMatchObject({
      payout_type: "Bank Transfer (IBAN)",
      iban: "DE89370400440532013000",
      swift_BIC: "COBADEFF",
      account_holder: "Dana P. Payee",
    });
    const data = await api(user, "GET", "/api/get_user_data");
    expect(data.json).toMatchObject({ iban: "DE89370400440532013000", swift_BIC: "COBADEFF" });

    const answer = await api(user, "POST", "/api/request_payout", typed);
    expect(answer.status).toBe(200);
    const text = await pdfText(answer.bytes);
    expect(text).toContain("Bank Transfer (IBAN)");
    expect(text).toContain("IBAN: DE89 **** **** **** **30 00");
    expect(text).toContain("SWIFT/BIC: COBADEFF");
    expect(text).toContain("Account holder: Dana P. Payee");
    expect(text).not.toContain("0532");

    const staff = await createUser({ claims: { advertiser: true } });
    const recorded = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(recorded.status).toBe(200);
    expect(recorded.json).toMatchObject({
      paid_to: {
        method: "Bank Transfer (IBAN)",
        fields: [
          ["Account holder", "Dana P. Payee"],
          ["IBAN", "DE89 3704 0044 0532 0130 00"],
          ["SWIFT/BIC", "COBADEFF"],
        ],
      },
      row: {
        latest_invoice: { payoutType: "Bank Transfer (IBAN)", iban: "DE89370400440532013000", swiftBIC: "COBADEFF" },
      },
    });
  });
});

describe("POST /api/request_payout", () => {
  test("creates one pending payout of the server's balance and answers its invoice PDF", async () => {
    const user = await affiliateWithSales("400");
    const before = await invoiceCounter();
    // The client's price is ignored: the balance is $240 (60% of $400).
    const answer = await api(user, "POST", "/api/request_payout", { ...form, price: "99999.00" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const number = /filename="(INV-\d{4}-\d{6})\.pdf"/.exec(answer.headers.get("content-disposition") ?? "")?.[1];
    expect(number).toBeDefined();
    expect(Buffer.from(answer.bytes.subarray(0, 5)).toString()).toBe("%PDF-");

    const text = await pdfText(answer.bytes);
    expect(text).toContain(number);
    expect(text).toContain("$240.00");
    expect(text).toContain("Dana Payee");
    expect(text).toContain("Payee Media Lda");
    expect(text).toContain("AI Affiliate Program");
    expect(text).toContain("d***@wise.example"); // the Wise account, masked
    expect(text).not.toContain("99999.00");

    const payout = (await refs.payouts().doc(number!).get()).data()!;
    expect(payout).toMatchObject({ uid: user.uid, amount_cents: 24_000, status: "pending", method: "Wise" });
    expect(payout.invoice).toMatchObject({ invoice_number: number, amount_cents: 24_000 });
    const affiliate = (await refs.affiliate(user.uid).get()).data()!;
    expect(affiliate).toMatchObject({ payout_pending: true, pending_payout_id: number, name: "Dana Payee" });
    expect(affiliate.latest_invoice?.invoice_number).toBe(number);
    expect(await invoiceCounter()).toBeGreaterThan(before);
  });

  test.each<[string, (user: TestUser) => Promise<unknown>, object, number, string]>([
    [
      "details left empty",
      async () => undefined,
      { paypalEmail: "" },
      400,
      "Please complete all fields before requesting a payout.",
    ],
    ["no VAT/Tax", async () => undefined, { tax: "" }, 400, "Please complete all fields before requesting a payout."],
    [
      "a balance under $200",
      async (user) => refs.affiliate(user.uid).update({ total_refunded_cents: 5_000 }),
      {},
      409,
      "Minimum payout is $200. Your current available balance is less than the required amount.",
    ],
    [
      "a balance under $200 with no VAT/Tax as well: the minimum comes first",
      async (user) => refs.affiliate(user.uid).update({ total_refunded_cents: 22_800 }),
      { tax: "" },
      409,
      "Minimum payout is $200. Your current available balance is less than the required amount.",
    ],
    [
      "a payout received 10 days ago",
      async (user) => refs.affiliate(user.uid).update({ last_payout: new Date(Date.now() - 10 * 86_400_000) }),
      {},
      409,
      "You have already recieved a payout in the last 30 days.",
    ],
    [
      "a suspended account",
      async (user) => refs.affiliate(user.uid).update({ fraud_user: true }),
      {},
      403,
      "Your account has been permanantly suspended due to fraudulent activity.",
    ],
  ])("refuses %s with SPEC.md's message and writes nothing", async (_, arrange, change, status, message) => {
    const user = await affiliateWithSales("400");
    await arrange(user);
    const before = (await refs.affiliate(user.uid).get()).data();
    const answer = await api(user, "POST", "/api/request_payout", { ...form, ...change });
    expect(answer).toMatchObject({ status, json: { error: message } });
    expect((await refs.affiliate(user.uid).get()).data()).toEqual(before);
    expect((await refs.payouts().where("uid", "==", user.uid).get()).size).toBe(0);
  });

  test("a second request while one is pending is refused", async () => {
    const user = await affiliateWithSales("400");
    expect((await api(user, "POST", "/api/request_payout", form)).status).toBe(200);
    expect(await api(user, "POST", "/api/request_payout", form)).toMatchObject({
      status: 409,
      json: { error: "You already have a pending payout in progress. Please wait until the payout is complete." },
    });
  });

  test("50 requests at once make exactly one payout and use one invoice number", async () => {
    const user = await affiliateWithSales("400");
    await api(user, "POST", "/api/update_paypal_account", form);
    const answers = await inParallel(Array.from({ length: 50 }), emulatorConcurrency, () =>
      api(user, "POST", "/api/request_payout", form),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(49);
    const payouts = await refs.payouts().where("uid", "==", user.uid).get();
    expect(payouts.size).toBe(1);
    const numbers = answers.map((a) => a.headers.get("content-disposition")).filter(Boolean);
    expect(numbers).toHaveLength(1);
  }, 120_000);

  test("invoice numbers stay sequential, without gaps or repeats, across affiliates requesting at once", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => affiliateWithSales("400")));
    const answers = await Promise.all(users.map((user) => api(user, "POST", "/api/request_payout", form)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const sequences = answers
      .map((answer) => Number(/INV-\d{4}-(\d{6})/.exec(answer.headers.get("content-disposition")!)![1]))
      .sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(8);
    // Other tests may take numbers in between; ours are distinct, and no number was skipped overall.
    const all = (await refs.payouts().get()).docs.map((doc) => Number(doc.id.slice(-6))).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => all[0]! + i));
  }, 120_000);
});

describe("POST /api/download_invoice", () => {
  async function requested() {
    const user = await affiliateWithSales("400");
    const answer = await api(user, "POST", "/api/request_payout", form);
    const number = /filename="(INV-[\d-]+)\.pdf"/.exec(answer.headers.get("content-disposition")!)![1]!;
    return { user, number };
  }

  test("the affiliate and staff download it; it says what was stored, whatever the request says", async () => {
    const { user, number } = await requested();
    const staff = await createUser({ claims: { advertiser: true } });
    for (const caller of [user, staff]) {
      const answer = await api(caller, "POST", "/api/download_invoice", {
        invoice_number: number,
        name: "Somebody Else",
        price: "1000000.00",
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${number}.pdf"`);
      const text = await pdfText(answer.bytes);
      expect(text).toContain("Dana Payee");
      expect(text).toContain("$240.00");
      expect(text).not.toContain("Somebody Else");
    }
  });

  test("it says who issues it, and 'Total due' until staff record the payout, then 'Total paid' and the day", async () => {
    const { user, number } = await requested();
    const staff = await createUser({ claims: { advertiser: true } });
    const invoiceText = async () => {
      const answer = await api(user, "POST", "/api/download_invoice", { invoice_number: number });
      expect(answer.status).toBe(200);
      return pdfText(answer.bytes);
    };

    const due = await invoiceText();
    // The issuer is the operator's, set at deploy: the emulators' env file names a demo one.
    const issuer = demoIssuer();
    expect(issuer.postalAddress.length).toBeGreaterThan(1);
    expect(due).toContain(issuer.legalName);
    for (const line of issuer.postalAddress) expect(due).toContain(line);
    expect(due).toContain("Total due: $240.00");
    expect(due).not.toContain("Total paid");

    const recorded = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(recorded.status).toBe(200);
    const paidAt = (await refs.payouts().doc(number).get()).data()!.paid_at!;
    const paid = await invoiceText();
    expect(paid).toContain(`Paid: ${formatInvoiceDate(paidAt)}`);
    expect(paid).toContain("Total paid: $240.00");
    expect(paid).not.toContain("Total due");
    expect(paid).toContain(issuer.legalName);
  });

  test("another affiliate's invoice is answered as an unknown one: the same 404, so no number leaks", async () => {
    const { number } = await requested();
    const other = await createAffiliateUser();
    expect(await api(other, "POST", "/api/download_invoice", { invoice_number: number })).toMatchObject({
      status: 404,
      json: { error: `No invoice ${number}.` },
    });
    expect(await api(other, "POST", "/api/download_invoice", { invoice_number: "INV-2026-999999" })).toMatchObject({
      status: 404,
      json: { error: "No invoice INV-2026-999999." },
    });
  });
});
