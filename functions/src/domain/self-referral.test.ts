import { describe, expect, test } from "vitest";
import { emptyPayoutDetails, type PayoutDetails } from "./payout-details.js";
import { canonicalDestination } from "./payout-destination.js";
import {
  customerTexts,
  firstSelfReferral,
  identityWithCustomer,
  identityWithSession,
  matchedKinds,
  maxIdentityAddresses,
  maxIdentityCustomers,
  paymentText,
  selfReferralSignal,
  type CustomerEvent,
  type RiskIdentityDoc,
} from "./self-referral.js";
import { maxIdentityDevices } from "./shared-device.js";

const now = new Date("2026-11-27T04:00:00Z");
const emailHash = "973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b";

const identity = (overrides: Partial<RiskIdentityDoc> = {}): RiskIdentityDoc => ({
  email_key: "k-email",
  destination_key: "k-destination",
  address_keys: ["k-ip-1", "k-ip-2"],
  customer_keys: ["k-customer"],
  devices: [{ key: "k-device", at: now }],
  updated_at: now,
  ...overrides,
});

describe("customerTexts: one canonical text per identifier", () => {
  test("each kind in its own writing; a customer id is the advertiser's own", () => {
    expect(
      customerTexts("cutechat", {
        customer_id: "cus_1",
        customer_email_sha256: emailHash.toUpperCase(),
        customer_ip: "::ffff:203.0.113.7",
        payment_fingerprint: " fp_abc ",
      }),
    ).toEqual({
      customer_id: "customer:cutechat:cus_1",
      customer_email_sha256: `email:${emailHash}`,
      customer_ip: "ip:203.0.113.7",
      payment_fingerprint: "payment:fp_abc",
    });
    expect(customerTexts("promptchan", { customer_id: "cus_1" }).customer_id).not.toBe(
      customerTexts("cutechat", { customer_id: "cus_1" }).customer_id,
    );
  });

  test("a payer's account is written as the payout destination it would be", () => {
    const destination = (details: Partial<PayoutDetails>) =>
      canonicalDestination({ ...emptyPayoutDetails, ...details })!.text;
    expect(paymentText("de89 3704 0044 0532 0130 00")).toBe(
      destination({ payout_type: "Bank Transfer (IBAN)", iban: "DE89370400440532013000" }),
    );
    expect(paymentText(" Payee@Wise.Example ")).toBe(
      destination({ payout_type: "Wise", paypal_payout_account: "payee@wise.example" }),
    );
    const tron = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
    expect(paymentText(tron)).toBe(destination({ payout_type: "Crypto (TRON)", tron_address: tron }));
    // Not an IBAN (bad check digits), so a processor's fingerprint like any other.
    expect(paymentText("DE00370400440532013000")).toBe("payment:DE00370400440532013000");
  });
});

describe("matchedKinds", () => {
  test("each kind matches its own side of the identity", () => {
    expect(matchedKinds({ customer_email_sha256: "k-email" }, identity())).toEqual(["customer_email_sha256"]);
    expect(matchedKinds({ customer_ip: "k-ip-2" }, identity())).toEqual(["customer_ip"]);
    expect(matchedKinds({ payment_fingerprint: "k-destination" }, identity())).toEqual(["payment_fingerprint"]);
    expect(matchedKinds({ customer_id: "k-customer" }, identity())).toEqual(["customer_id"]);
    expect(
      matchedKinds({ customer_id: "k-customer", customer_ip: "k-ip-1", customer_email_sha256: "k-email" }, identity()),
    ).toEqual(["customer_id", "customer_email_sha256", "customer_ip"]);
  });

  test("another customer, a key of another kind, or no identity matches nothing", () => {
    expect(matchedKinds({ customer_email_sha256: "k-other", customer_ip: "k-ip-3" }, identity())).toEqual([]);
    expect(matchedKinds({ customer_ip: "k-email", payment_fingerprint: "k-ip-1" }, identity())).toEqual([]);
    expect(matchedKinds({ customer_email_sha256: "k-email" }, null)).toEqual([]);
    expect(matchedKinds({}, identity())).toEqual([]);
    // An identity without a destination never matches a fingerprint that happens to be "null".
    expect(matchedKinds({ payment_fingerprint: "k-destination" }, identity({ destination_key: null }))).toEqual([]);
  });
});

describe("identityWithSession", () => {
  const session = { emailKey: "k-email", destinationKey: "k-destination", addressKey: "k-ip-2", deviceKey: "k-device" };

  test("nothing new writes nothing", () => {
    expect(identityWithSession(identity(), session, now)).toBeNull();
  });

  test("a new address is kept, the newest first seen, at most the bound", () => {
    const later = new Date(now.getTime() + 1000);
    expect(identityWithSession(identity(), { ...session, addressKey: "k-ip-3" }, later)).toEqual({
      identity: identity({ address_keys: ["k-ip-1", "k-ip-2", "k-ip-3"], updated_at: later }),
      device: false,
    });
    const full = identity({ address_keys: Array.from({ length: maxIdentityAddresses }, (_, i) => `a${i}`) });
    const next = identityWithSession(full, { ...session, addressKey: "new" }, now)!.identity;
    expect(next.address_keys).toHaveLength(maxIdentityAddresses);
    expect(next.address_keys.at(-1)).toBe("new");
    expect(next.address_keys).not.toContain("a0");
  });

  test("a changed e-mail or destination replaces the old; a first session starts the identity", () => {
    expect(
      identityWithSession(identity(), { ...session, destinationKey: null }, now)?.identity.destination_key,
    ).toBeNull();
    const first = { emailKey: "e", destinationKey: null, addressKey: null, deviceKey: null };
    expect(identityWithSession(null, first, now)).toEqual({
      identity: {
        email_key: "e",
        destination_key: null,
        address_keys: [],
        customer_keys: [],
        devices: [],
        updated_at: now,
      },
      device: false,
    });
  });

  test("a device is recorded when new to the identity or a week after it was last, not on the usual load", () => {
    const day = 24 * 60 * 60 * 1000;
    const at = (days: number) => new Date(now.getTime() + days * day);
    expect(identityWithSession(identity(), session, at(6.9))).toBeNull();
    const again = identityWithSession(identity(), session, at(7))!;
    expect(again.device).toBe(true);
    expect(again.identity.devices).toEqual([{ key: "k-device", at: at(7) }]);
    const fresh = identityWithSession(identity(), { ...session, deviceKey: "k-other" }, now)!;
    expect(fresh.device).toBe(true);
    expect(fresh.identity.devices.map((device) => device.key)).toEqual(["k-device", "k-other"]);
    const full = identity({
      devices: Array.from({ length: maxIdentityDevices }, (_, i) => ({ key: `d${i}`, at: now })),
    });
    const kept = identityWithSession(full, { ...session, deviceKey: "k-new" }, now)!.identity.devices;
    expect(kept.map((device) => device.key)).toEqual(["d1", "d2", "d3", "d4", "k-new"]);
  });
});

describe("identityWithCustomer", () => {
  test("learns a customer id once, bounded", () => {
    expect(identityWithCustomer(identity(), "k-customer", now)).toBeNull();
    expect(identityWithCustomer(identity(), "k-new", now)?.customer_keys).toEqual(["k-customer", "k-new"]);
    const full = identity({ customer_keys: Array.from({ length: maxIdentityCustomers }, (_, i) => `c${i}`) });
    expect(identityWithCustomer(full, "k-new", now)?.customer_keys).toHaveLength(maxIdentityCustomers);
    expect(identityWithCustomer(null, "k-new", now)?.customer_keys).toEqual(["k-new"]);
  });
});

describe("selfReferralSignal", () => {
  test("keyed by the event; its evidence names the sale and the kinds, never a value", () => {
    const signal = selfReferralSignal(
      { advertiser: "promptchan", id: "sale-9", type: "sale" },
      ["customer_email_sha256", "customer_ip"],
      "hold_new",
    );
    expect(signal).toEqual({
      key: "self_referral:promptchan:sale-9",
      family: "self_referral",
      action: "hold_new",
      evidence: {
        detail: "Sale sale-9 (promptchan): the customer's e-mail and IP address match the affiliate's own.",
        sale_id: "sale-9",
        event_id: "sale-9",
        identifier_kinds: ["customer_email_sha256", "customer_ip"],
      },
    });
    const signUp = selfReferralSignal({ advertiser: "cutechat", id: "s-1", type: "sign_up" }, ["customer_id"], "flag");
    expect(signUp.evidence).toEqual({
      detail: "Sign-up s-1 (cutechat): the customer's customer id matches the affiliate's own.",
      event_id: "s-1",
      identifier_kinds: ["customer_id"],
    });
  });
});

describe("firstSelfReferral: the simulation's replay of one affiliate's conversions", () => {
  const event = (id: string, daysAgo: number, customer: CustomerEvent["customer"]): CustomerEvent => ({
    advertiser: "promptchan",
    id,
    type: "sale",
    received_at: new Date(now.getTime() - daysAgo * 24 * 60 * 60 * 1000),
    customer,
  });

  test("the oldest conversion whose customer is the affiliate, with its day, whatever order they come in", () => {
    const found = firstSelfReferral(
      [
        event("late", 1, { customer_email_sha256: "k-email" }),
        event("stranger", 20, { customer_email_sha256: "k-someone-else" }),
        event("early", 10, { customer_ip: "k-ip-1", customer_email_sha256: "k-other" }),
      ],
      identity(),
      "hold_new",
    );
    expect(found?.since).toBe("2026-11-17");
    expect(found?.signal).toEqual(
      selfReferralSignal({ advertiser: "promptchan", id: "early", type: "sale" }, ["customer_ip"], "hold_new"),
    );
  });

  test("none when no customer is the affiliate, or the affiliate has no identity", () => {
    const stranger = [event("s", 2, { customer_email_sha256: "k-someone-else", customer_ip: "k-ip-9" })];
    expect(firstSelfReferral(stranger, identity(), "flag")).toBeNull();
    expect(firstSelfReferral([event("e", 2, { customer_email_sha256: "k-email" })], null, "flag")).toBeNull();
  });
});
