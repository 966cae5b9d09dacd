import { describe, expect, test } from "vitest";
import {
  fastConversionSeconds,
  firstConversionOf,
  fastConversionSignal,
  minHumanSeconds,
  type TimedConversion,
} from "./fast-conversion.js";

const clickedAt = new Date("2026-11-27T10:00:00Z");
const conversion = (secondsAfter: number, type: TimedConversion["type"] = "sign_up"): TimedConversion => ({
  type,
  eventId: "tx-1",
  clickId: "click-1",
  clickedAt,
  occurredAt: new Date(clickedAt.getTime() + secondsAfter * 1000),
});

describe("a conversion faster than a person", () => {
  test("under five seconds after the click fires; five and more does not", () => {
    expect(fastConversionSeconds(conversion(0))).toBe(0);
    expect(fastConversionSeconds(conversion(1.2))).toBe(1.2);
    expect(fastConversionSeconds(conversion(minHumanSeconds - 0.001))).not.toBeNull();
    expect(fastConversionSeconds(conversion(minHumanSeconds))).toBeNull();
    expect(fastConversionSeconds(conversion(600))).toBeNull();
  });

  test("a conversion dated before its click is not timed (a platform's clock, not the visitor)", () => {
    expect(fastConversionSeconds(conversion(-30))).toBeNull();
  });

  test("the signal names the click and the event, with the rule's action; one key per click", () => {
    const signal = fastConversionSignal(conversion(1.25, "sale"), "hold_new")!;
    expect(signal).toMatchObject({
      key: "conversion_anomaly:fast:click-1",
      family: "conversion_anomaly",
      action: "hold_new",
      evidence: { click_id: "click-1", event_id: "tx-1" },
    });
    expect(signal.evidence.detail).toBe(
      "A sale (tx-1) came 1.3 s after its click: faster than a person signs up (5 s).",
    );
    expect(fastConversionSignal({ ...conversion(2), eventId: "tx-2" }, "flag")!.key).toBe(signal.key);
    expect(fastConversionSignal(conversion(30), "flag")).toBeNull();
  });
});

describe("a click's first conversion, replayed (the simulation)", () => {
  const convertedAt = new Date(clickedAt.getTime() + 20_000);

  test("timed by the time it was reported at, as the postback was", () => {
    const first = { type: "sale" as const, event_id: "tx-9", occurred_at: new Date(clickedAt.getTime() + 2_000) };
    const timed = firstConversionOf("click-1", {
      clicked_at: clickedAt,
      converted_at: convertedAt,
      first_conversion: first,
    })!;
    expect(timed).toEqual({
      type: "sale",
      eventId: "tx-9",
      clickId: "click-1",
      clickedAt,
      occurredAt: first.occurred_at,
    });
    expect(fastConversionSignal(timed, "flag")!.evidence).toEqual({
      detail: "A sale (tx-9) came 2.0 s after its click: faster than a person signs up (5 s).",
      click_id: "click-1",
      event_id: "tx-9",
    });
  });

  test("a click converted before that was kept is timed by when it was credited, and says less", () => {
    const quick = new Date(clickedAt.getTime() + 1_000);
    const timed = firstConversionOf("click-1", { clicked_at: clickedAt, converted_at: quick })!;
    expect(fastConversionSignal(timed, "flag")!.evidence).toEqual({
      detail: "A conversion came 1.0 s after its click: faster than a person signs up (5 s).",
      click_id: "click-1",
    });
    expect(
      fastConversionSignal(firstConversionOf("click-1", { clicked_at: clickedAt, converted_at: convertedAt })!, "flag"),
    ).toBeNull();
  });

  test("a click not converted has nothing to time", () => {
    expect(firstConversionOf("click-1", { clicked_at: clickedAt, converted_at: null })).toBeNull();
    expect(firstConversionOf("click-1", { clicked_at: clickedAt })).toBeNull();
  });
});
