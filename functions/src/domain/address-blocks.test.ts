import { describe, expect, test } from "vitest";
import { blockSignUps, blockSignUpsSignal, minBlockSignUps } from "./address-blocks.js";
import type { DayKey } from "./days.js";

const day: DayKey = "2026-11-26";
const figures = (signUps: number) => ({ [day]: { sign_ups: signUps } });

describe("many sign-ups from one address block in a day", () => {
  test("ten from one block that are most of the day's sign-ups are a finding", () => {
    expect(blockSignUps({ [day]: 12 }, figures(14), day)).toEqual({ day, fromBlock: 12, signUps: 14 });
    expect(blockSignUps({ [day]: minBlockSignUps }, figures(20), day)).toEqual({ day, fromBlock: 10, signUps: 20 });
  });

  test("nine from one block are not, however few the day's others", () => {
    expect(blockSignUps({ [day]: 9 }, figures(9), day)).toBeNull();
    expect(blockSignUps({}, figures(50), day)).toBeNull();
  });

  test("a big affiliate's dozen from one carrier's block, under half their day, is not", () => {
    expect(blockSignUps({ [day]: 12 }, figures(400), day)).toBeNull();
    expect(blockSignUps({ [day]: 10 }, figures(21), day)).toBeNull();
  });

  test("only the day asked counts; figures that do not show the block's sign-ups yet count them at least", () => {
    expect(blockSignUps({ "2026-11-25": 30 }, { "2026-11-25": { sign_ups: 30 } }, day)).toBeNull();
    expect(blockSignUps({ [day]: 11 }, {}, day)).toEqual({ day, fromBlock: 11, signUps: 11 });
  });

  test("the signal is one per day, says the counts and never the block", () => {
    const signal = blockSignUpsSignal({ day, fromBlock: 12, signUps: 14 }, "hold_new");
    expect(signal).toEqual({
      key: "conversion_anomaly:address_block:2026-11-26",
      family: "conversion_anomaly",
      action: "hold_new",
      evidence: { detail: "12 of the 14 sign-ups on 2026-11-26 came from one address block." },
    });
  });
});
