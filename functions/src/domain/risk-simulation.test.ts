import { describe, expect, test } from "vitest";
import {
  commissionSince,
  firstFinding,
  sharedDestinationReplay,
  simulatedHoldCents,
  simulationNotes,
  simulationDays,
  simulationWindowDays,
} from "./risk-simulation.js";
import { sharedDestinationSignals } from "./risk.js";
import { riskFamilies } from "./risk-rules.js";

describe("simulating a risk rule", () => {
  test("reviews the 90 days up to today, oldest first", () => {
    const days = simulationDays(new Date("2026-11-27T10:00:00Z"));
    expect(days).toHaveLength(simulationWindowDays);
    expect(days[0]).toBe("2026-08-30");
    expect(days.at(-1)).toBe("2026-11-27");
  });

  test("the first day anything is found is the one answered", () => {
    const seen: string[] = [];
    const found = firstFinding(["a", "b", "c", "d"], (day) => {
      seen.push(day);
      return day >= "b" ? { day } : null;
    });
    expect(found).toEqual({ day: "b" });
    expect(seen).toEqual(["a", "b"]);
    expect(firstFinding(["a"], () => null)).toBeNull();
  });

  test("the commission counted is that of the days from the first through today", () => {
    const recent = {
      "2026-11-20": { earnings_cents: 1_000 },
      "2026-11-25": { earnings_cents: 250 },
      "2026-11-27": { earnings_cents: 50, sales: 1 },
      "2026-11-28": { earnings_cents: 7 },
    };
    expect(commissionSince(recent, "2026-11-25", new Date("2026-11-27T10:00:00Z"))).toBe(300);
    expect(commissionSince(recent, "2026-11-01", new Date("2026-11-27T10:00:00Z"))).toBe(1_300);
    expect(commissionSince({}, "2026-11-01", new Date("2026-11-27T10:00:00Z"))).toBe(0);
  });

  test("flag holds nothing; hold_new the commission since; hold_all that or the balance, the more", () => {
    expect(simulatedHoldCents("flag", 500, 9_000)).toBe(0);
    expect(simulatedHoldCents("hold_new", 500, 9_000)).toBe(500);
    expect(simulatedHoldCents("hold_all", 500, 9_000)).toBe(9_000);
    // A balance under the commission (refunds, payouts made): the commission is still what a hold keeps.
    expect(simulatedHoldCents("hold_all", 500, 100)).toBe(500);
  });

  test("a shared destination's entry replays the save path's signals: every named affiliate once, as it would have been signalled", () => {
    const replay = sharedDestinationReplay(["a", "b", "c"], "wise", "key1", "hold_new");
    expect([...replay.keys()].sort()).toEqual(["a", "b", "c"]);
    // a got b's signal when b joined; b and c theirs as they joined.
    const [bJoins, aHears] = sharedDestinationSignals("b", ["a"], "wise", "key1", "hold_new");
    expect(replay.get("a")).toEqual(aHears!.signal);
    expect(replay.get("b")).toEqual(bJoins!.signal);
    expect(replay.get("c")!.evidence.detail).toBe("Uses the same payout destination as affiliate a, b.");
    expect(replay.get("c")!.action).toBe("hold_new");
    // One affiliate alone shares nothing.
    expect(sharedDestinationReplay(["a"], "tron", "key2", "flag").size).toBe(0);
  });
});

test("every family can be simulated; self-referral's note says it compares with today's identities", () => {
  expect(Object.keys(simulationNotes).sort()).toEqual([...riskFamilies].sort());
  expect(simulationNotes.self_referral).toContain("identity as it is today");
});
