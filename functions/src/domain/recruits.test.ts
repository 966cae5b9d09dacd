import { describe, expect, test } from "vitest";
import { shareCredit, refundShares } from "./recruit-ledger.js";
import {
  cancelledShares,
  chainUids,
  mailboxOf,
  recruitRefusalOf,
  recruitShares,
  shareEnd,
  type Recruitment,
} from "./recruits.js";
import { saleEntryFixture } from "./sale-entry-fixture.js";

const at = new Date("2026-01-31T10:00:00Z");
const terms = { rate: 0.05, months: 12, levels: 1 };
const recruited = (chain = [{ uid: "ann", no: 3 }], ended_at: Date | null = null): { recruited_by: Recruitment } => ({
  recruited_by: { at, chain, ended_at },
});

describe("the recruiter's share of a recruit's commission", () => {
  test("5% of the commission, half a cent rounding up, to the direct recruiter only by default", () => {
    const shares = recruitShares(
      recruited([
        { uid: "ann", no: 3 },
        { uid: "bob", no: 7 },
      ]),
      { occurredAt: new Date("2026-03-01T00:00:00Z"), earningsCents: 1199 },
      terms,
    );
    // 5% of $11.99 is 59.95 cents: 60.
    expect(shares).toEqual([{ uid: "ann", no: 3, level: 1, rate: 0.05, cents: 60, clawed_back_cents: 0 }]);
  });

  test("two levels when the programme sets them: each recruiter up the chain the same share", () => {
    const shares = recruitShares(
      recruited([
        { uid: "ann", no: 3 },
        { uid: "bob", no: 7 },
      ]),
      { occurredAt: at, earningsCents: 1000 },
      { ...terms, levels: 2 },
    );
    expect(shares.map((share) => [share.uid, share.no, share.level, share.cents])).toEqual([
      ["ann", 3, 1, 50],
      ["bob", 7, 2, 50],
    ]);
  });

  test("the 12 months end at the same moment a year on; a sale from then earns no share", () => {
    expect(shareEnd(at, 12).toISOString()).toBe("2027-01-31T10:00:00.000Z");
    // The 31st into a short month is its last day.
    expect(shareEnd(at, 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    const before = new Date(shareEnd(at, 12).getTime() - 1);
    expect(recruitShares(recruited(), { occurredAt: before, earningsCents: 1000 }, terms)).toHaveLength(1);
    expect(recruitShares(recruited(), { occurredAt: shareEnd(at, 12), earningsCents: 1000 }, terms)).toEqual([]);
  });

  test("no share: not a recruit, a sale earning nothing, before the sign-up, after the relation ended, a zero rate", () => {
    const sale = { occurredAt: new Date("2026-02-10T00:00:00Z"), earningsCents: 1000 };
    expect(recruitShares({}, sale, terms)).toEqual([]);
    expect(recruitShares({ recruited_by: null }, sale, terms)).toEqual([]);
    expect(recruitShares(recruited(), { ...sale, earningsCents: 0 }, terms)).toEqual([]);
    expect(recruitShares(recruited(), { ...sale, occurredAt: new Date("2026-01-01T00:00:00Z") }, terms)).toEqual([]);
    expect(recruitShares(recruited(undefined, new Date("2026-02-01T00:00:00Z")), sale, terms)).toEqual([]);
    expect(recruitShares(recruited(), sale, { ...terms, rate: 0 })).toEqual([]);
    // A share of 5% of 9 cents is 0.45 cents: nothing to credit.
    expect(recruitShares(recruited(), { ...sale, earningsCents: 9 }, terms)).toEqual([]);
  });
});

describe("clawing back a share", () => {
  const sale = saleEntryFixture({
    timestamp: new Date("2026-03-01T00:00:00Z"),
    recorded_at: new Date("2026-03-01T00:00:00Z"),
    transaction_cost_cents: 2000,
    earnings_cents: 1200,
    matures_on: "2026-03-31",
    recruit_shares: [{ uid: "ann", no: 3, level: 1, rate: 0.05, cents: 60, clawed_back_cents: 0 }],
  });
  const refund = { type: "refund" as const, event_id: "r1", timestamp: new Date("2026-03-05T00:00:00Z") };
  const now = new Date("2026-03-05T00:00:00Z");

  test("a whole refund claws back the whole share, out of the held share before it matures", () => {
    const { writes, update } = refundShares(sale, refund, undefined, now);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.uid).toBe("ann");
    expect(writes[0]!.docId).toBe("promptchan_share_r1_of_s1");
    expect(writes[0]!.entry).toMatchObject({ type: "recruit_share", earnings_cents: -60, refers_to: "share_s1" });
    expect(writes[0]!.change).toMatchObject({
      figures: { refunded_cents: 60 },
      held: { day: "2026-03-31", cents: -60 },
      untracked: true,
    });
    expect(update.recruit_shares![0]!.clawed_back_cents).toBe(60);
  });

  test("partial refunds that add up to the payment claw back exactly the share", () => {
    // $7 of $20, then the rest: 35% of 60 is 21, then the 39 left.
    const first = refundShares(sale, refund, 700, now);
    expect(first.writes[0]!.entry.earnings_cents).toBe(-21);
    const after = { ...sale, refunded_amount_cents: 700, recruit_shares: first.update.recruit_shares };
    const second = refundShares(after, { ...refund, event_id: "r2" }, undefined, now);
    expect(second.writes[0]!.entry.earnings_cents).toBe(-39);
    const done = { ...after, refunded_amount_cents: 2000, recruit_shares: second.update.recruit_shares };
    expect(refundShares(done, { ...refund, event_id: "r3" }, undefined, now).writes).toEqual([]);
  });

  test("a matured share is clawed back from the balance; a sale with no share claws back nothing", () => {
    const late = new Date("2026-04-02T00:00:00Z");
    expect(refundShares(sale, refund, undefined, late).writes[0]!.change.held).toBeUndefined();
    expect(refundShares({ ...sale, recruit_shares: undefined }, refund, undefined, now)).toEqual({
      writes: [],
      update: {},
    });
  });

  test("the credit: its own kind, an id derived from the sale's, held until the sale's commission matures", () => {
    const credit = shareCredit(sale, sale.recruit_shares![0]!, now);
    expect(credit.docId).toBe("promptchan_share_s1");
    expect(credit.entry).toMatchObject({ type: "recruit_share", earnings_cents: 60, matures_on: "2026-03-31" });
    expect(credit.entry.note).toBe("Recruit 3's sale: 5% of their commission.");
    expect(credit.change).toMatchObject({ figures: { earnings_cents: 60 }, held: { day: "2026-03-31", cents: 60 } });
    expect(credit.recruit).toEqual({ no: 3, level: 1, earnings_cents: 60, clawed_back_cents: 0, sales: 1 });
  });

  test("a cancellation claws back what is left of each share", () => {
    const partly = [{ uid: "ann", no: 3, level: 1, rate: 0.05, cents: 60, clawed_back_cents: 21 }];
    expect(cancelledShares(partly)).toEqual([{ share: { ...partly[0], clawed_back_cents: 60 }, cents: 39 }]);
  });
});

describe("self-recruiting and loops", () => {
  const recruiter = { uid: "ann", email: "Ann.Lee+promo@gmail.com", recruited_by: null };
  const check = (over: Partial<Parameters<typeof recruitRefusalOf>[0]> = {}) =>
    recruitRefusalOf({ recruitUid: "new", recruitEmail: "cat@example.com", recruiter, sameDevice: false, ...over });

  test("one mailbox however written", () => {
    expect(mailboxOf(" Ann.Lee+promo@GMAIL.com ")).toBe("annlee@gmail.com");
    expect(mailboxOf("annlee@googlemail.com")).toBe("annlee@gmail.com");
    expect(mailboxOf("ann.lee+x@example.com")).toBe("ann.lee@example.com");
  });

  test("refused: oneself, the same mailbox, the same sign-in device, a loop; else recorded", () => {
    expect(check()).toBeNull();
    expect(check({ recruitUid: "ann" })).toBe("self");
    expect(check({ recruitEmail: "annlee@googlemail.com" })).toBe("email");
    expect(check({ sameDevice: true })).toBe("device");
    const looped = { ...recruiter, recruited_by: { at, chain: [{ uid: "new", no: 1 }], ended_at: null } };
    expect(check({ recruiter: looped })).toBe("loop");
  });

  test("a new recruit's chain: the recruiter and theirs, at most three, none through an ended relation", () => {
    const chain = [
      { uid: "b", no: 1 },
      { uid: "c", no: 1 },
      { uid: "d", no: 1 },
    ];
    expect(chainUids({ uid: "a", recruited_by: { at, chain, ended_at: null } })).toEqual(["a", "b", "c"]);
    expect(chainUids({ uid: "a", recruited_by: { at, chain, ended_at: at } })).toEqual(["a"]);
    expect(chainUids({ uid: "a" })).toEqual(["a"]);
  });
});
