/**
 * The signal "one person, several accounts" by sign-in device (issue 33: "two or more affiliates with ... the
 * same sign-in visitor"). A device is where an affiliate's dashboard session comes from: their address as
 * self-referral compares addresses (ip-address.ts addressIdentity: an IPv4 address, an IPv6 /64) with their
 * browser's user agent. Its canonical text is reduced to a salted key (data/sign-in-devices.ts), never stored
 * in clear. Each affiliate's identity keeps their newest devices, so a usual dashboard load changes nothing;
 * a device new to them (or not recorded for a week) puts them in the device's entry of a server-only index,
 * and another affiliate seen on it within the window raises the signal, for both sides as a shared payout
 * destination does (risk.ts joinSignals).
 */
import { dayKey, dayMs, type DayKey } from "./days.js";
import { addressIdentity, isPublicAddress } from "./ip-address.js";
import type { RiskAction } from "./risk-rules.js";
import { joinSignals, namedOthers, type RiskSignal } from "./risk.js";

/** How many devices an affiliate's identity keeps (the newest recorded). */
export const maxIdentityDevices = 5;
/** A device the identity has is recorded again (identity and index) once this many days have passed. */
export const deviceRefreshDays = 7;
/** Another affiliate seen on the device within this many days makes it shared. */
export const sharedDeviceWindowDays = 30;
/** How many affiliates a device's entry names: the most lately seen. */
export const maxAffiliatesPerDevice = 20;
/** The longest user agent a device's text keeps (browsers send a few hundred characters at most). */
export const maxUserAgentLength = 512;

/** A device as the affiliate's identity keeps it (risk_identity/{uid}.devices): its key and when recorded. */
export interface IdentityDevice {
  key: string;
  at: Date;
}

/** An affiliate seen on a device, and when they last were (as recorded: at most deviceRefreshDays stale). */
export interface DeviceSighting {
  uid: string;
  at: Date;
}

/**
 * A device's entry in the server-only index (sign_in_devices/{salted key of its text}): who was seen on it,
 * never the address or the user agent.
 */
export interface SignInDeviceDoc {
  /** Oldest first; at most maxAffiliatesPerDevice, the most lately seen. */
  seen: DeviceSighting[];
  /** Whether two or more affiliates are in it: what the simulation replays. */
  shared: boolean;
  updated_at: Date;
}

/**
 * A device's canonical text: the address's identity and the user agent as sent (trimmed, at most
 * maxUserAgentLength). Null without a public address or a user agent: a private or loopback address is a
 * proxy's or a developer's machine, which every caller would share, not a device.
 */
export function deviceText(address: string, userAgent: string | undefined): string | null {
  const agent = (userAgent ?? "").trim().slice(0, maxUserAgentLength);
  if (agent === "" || !isPublicAddress(address)) return null;
  const identity = addressIdentity(address);
  return identity ? `device:${identity}\n${agent}` : null;
}

const withinDays = (earlier: Date, later: Date, days: number): boolean =>
  later.getTime() - earlier.getTime() <= days * dayMs;

/** Whether the session's device is to be recorded: new to the identity, or last recorded a week ago or more. */
export function deviceDue(devices: readonly IdentityDevice[], key: string, now: Date): boolean {
  const known = devices.find((device) => device.key === key);
  return !known || now.getTime() - known.at.getTime() >= deviceRefreshDays * dayMs;
}

/** The identity's devices with `key` recorded now (the newest last, at most maxIdentityDevices). */
export const devicesWith = (devices: readonly IdentityDevice[], key: string, now: Date): IdentityDevice[] =>
  [...devices.filter((device) => device.key !== key), { key, at: now }].slice(-maxIdentityDevices);

/**
 * The device's entry with the affiliate seen on it now, and the others seen on it within the window when the
 * affiliate joins it anew (not in it, or last seen before the window): those the signal names. An affiliate
 * recorded again within the window (a refresh) names no one: their joining was signalled already.
 */
export function deviceEntryWith(
  entry: SignInDeviceDoc | null,
  uid: string,
  now: Date,
): { entry: SignInDeviceDoc; others: string[] } {
  const seen = entry?.seen ?? [];
  const before = seen.find((sighting) => sighting.uid === uid);
  const joins = !before || !withinDays(before.at, now, sharedDeviceWindowDays);
  const others = joins
    ? seen.filter((s) => s.uid !== uid && withinDays(s.at, now, sharedDeviceWindowDays)).map((s) => s.uid)
    : [];
  const next = [...seen.filter((sighting) => sighting.uid !== uid), { uid, at: now }].slice(-maxAffiliatesPerDevice);
  return { entry: { seen: next, shared: next.length >= 2, updated_at: now }, others };
}

/** Whether `uid` was seen on the device (its entry) within the window before `now`: a recruit link's check (issue 34). */
export const seenLately = (entry: SignInDeviceDoc | null, uid: string, now: Date): boolean =>
  (entry?.seen ?? []).some((sighting) => sighting.uid === uid && withinDays(sighting.at, now, sharedDeviceWindowDays));

/**
 * The shared-device signals when an affiliate joins a device others were seen on (joinSignals): keyed by the
 * device, so one event per device in a case. The evidence names the others, never the device.
 */
export function sharedDeviceSignals(
  joining: string,
  others: readonly string[],
  device: string,
  action: RiskAction,
): { uid: string; signal: RiskSignal }[] {
  return joinSignals(joining, others, (named) => ({
    key: `shared_device:${device}`,
    family: "shared_device",
    action,
    evidence: {
      detail: `Signs in from the same device (address and browser) as affiliate ${namedOthers(named)}, within ${sharedDeviceWindowDays} days.`,
      other_uid: named[0]!,
    },
  }));
}

/**
 * The signals the dashboard loads would have raised on a device, had the rule been on, replayed from its
 * entry: each affiliate joining, in the order of when they were last seen, with the others seen within the
 * window before them; only joins from `from` on count. By affiliate, the first signal and its day.
 */
export function sharedDeviceReplay(
  seen: readonly DeviceSighting[],
  device: string,
  action: RiskAction,
  from: DayKey,
): Map<string, { signal: RiskSignal; since: DayKey }> {
  const ordered = [...seen].sort((a, b) => a.at.getTime() - b.at.getTime());
  const found = new Map<string, { signal: RiskSignal; since: DayKey }>();
  ordered.forEach((joining, i) => {
    const day = dayKey(joining.at);
    if (day < from) return;
    const others = ordered
      .slice(0, i)
      .filter((earlier) => withinDays(earlier.at, joining.at, sharedDeviceWindowDays))
      .map((earlier) => earlier.uid);
    for (const { uid, signal } of sharedDeviceSignals(joining.uid, others, device, action)) {
      if (!found.has(uid)) found.set(uid, { signal, since: day });
    }
  });
  return found;
}
