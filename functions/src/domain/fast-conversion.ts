/**
 * A conversion anomaly (issue 33): a sign-up or sale reported so soon after its click that no person could
 * have made it. Between a click and a sign-up a visitor loads the landing page, reads it, opens the sign-up
 * form and fills it in (or goes through Google's); a sale adds a payment. Scripts that click and convert at
 * once (incentivised or bought conversions, a fraudster testing stolen cards through their own link) do it
 * in a second or two. A conversion under `minHumanSeconds` after its click raises the family's signal; its
 * key names the click, so every fast conversion of one click is one event of the case.
 *
 * Only conversions that name their click can be timed: inbound postbacks (their click id). A conversion
 * reported with a time before its click (a platform's clock, or a made-up time) is not timed either.
 *
 * The simulation replays it from the clicks: a converted click keeps its first conversion as reported
 * (`firstConversionOf`); one that converted before that was kept is timed by when it was credited.
 */
import type { ClickDoc } from "./model.js";
import type { RiskAction } from "./risk-rules.js";
import type { RiskSignal } from "./risk.js";

/** Faster than this from click to sign-up or sale, no person converted. */
export const minHumanSeconds = 5;

export interface TimedConversion {
  /** Null for a click's first conversion credited before its kind was kept. */
  type: "sign_up" | "sale" | null;
  /** The advertiser's id for it (the postback's transaction id); null as the type. */
  eventId: string | null;
  clickId: string;
  clickedAt: Date;
  occurredAt: Date;
}

/** Seconds from the click to the conversion, when it is under minHumanSeconds (and not before the click). */
export function fastConversionSeconds({ clickedAt, occurredAt }: TimedConversion): number | null {
  const seconds = (occurredAt.getTime() - clickedAt.getTime()) / 1000;
  return seconds >= 0 && seconds < minHumanSeconds ? seconds : null;
}

/** The conversion's signal under the rule's action, or null when it was not too fast. */
export function fastConversionSignal(conversion: TimedConversion, action: RiskAction): RiskSignal | null {
  const seconds = fastConversionSeconds(conversion);
  if (seconds === null) return null;
  const what =
    conversion.eventId === null
      ? "A conversion"
      : `${conversion.type === "sale" ? "A sale" : "A sign-up"} (${conversion.eventId})`;
  return {
    key: `conversion_anomaly:fast:${conversion.clickId}`,
    family: "conversion_anomaly",
    action,
    evidence: {
      detail: `${what} came ${seconds.toFixed(1)} s after its click: faster than a person signs up (${minHumanSeconds} s).`,
      click_id: conversion.clickId,
      ...(conversion.eventId === null ? {} : { event_id: conversion.eventId }),
    },
  };
}

/**
 * A converted click's first conversion, as the postback that credited it was timed: its reported time when
 * the click keeps it, else when it was credited (what a postback without a time is timed by). Null for a
 * click not converted.
 */
export function firstConversionOf(
  clickId: string,
  click: Pick<ClickDoc, "clicked_at" | "converted_at" | "first_conversion">,
): TimedConversion | null {
  if (!click.converted_at) return null;
  const first = click.first_conversion;
  return {
    type: first?.type ?? null,
    eventId: first?.event_id ?? null,
    clickId,
    clickedAt: click.clicked_at,
    occurredAt: first?.occurred_at ?? click.converted_at,
  };
}
