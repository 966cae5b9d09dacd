/**
 * The programme's announcements (SPEC.md §1), newest last as they were written. Adding one is adding an
 * entry here: /updates sorts them (pinned first, then newest first) and formats the dates, and the banner
 * above every signed-in page names the newest. Here, not in features/updates, because that banner is the
 * layout's (components/layout.tsx).
 */
import { useSyncExternalStore } from "react";

export interface Update {
  title: string;
  /** The day it was announced, as an ISO date (yyyy-mm-dd); shown as day/month/year. */
  date: string;
  paragraphs: string[];
  /** Kept at the top of the page whatever its date. */
  pinned?: boolean;
}

export const updates: Update[] = [
  {
    title: "Recurring earnings: 20% on every renewal",
    date: "2024-10-07",
    paragraphs: [
      "You now earn on renewals too. Every time a user you referred renews a subscription, 20% of the renewal is added to your earnings, on top of the commission you already earned on their first payment.",
      "Renewals appear in your transaction history with the number of the renewal, so you can see which users keep paying.",
    ],
  },
  {
    title: "Commission increase: 60% on first sales",
    date: "2024-12-02",
    paragraphs: [
      "We have raised the commission on first sales to 60% for every affiliate. The new rate applies to every sale from today; nothing changes in your links or trackers.",
    ],
  },
  {
    title: "Click tracking is live",
    date: "2025-02-10",
    paragraphs: [
      "Your dashboard now counts the clicks on each of your links, per tracker, next to sign-ups and sales. Clicks are counted from February 2025; earlier periods show sign-ups and sales only.",
      "A visitor who clicks the same link several times within an hour is counted once, so the numbers reflect people rather than reloads.",
    ],
  },
  {
    title: "Refunds and chargebacks on your dashboard",
    date: "2025-03-17",
    paragraphs: [
      "When a payment you earned on is refunded or charged back, the commission on it is deducted from your balance. Until now this happened out of sight; from today every refund and chargeback appears in your transaction history, and the totals show how much was refunded.",
    ],
  },
  {
    title: "Recurring commission raised to 50%",
    date: "2025-04-28",
    paragraphs: [
      "Renewals now earn 50% instead of 20%. The higher rate applies to every renewal from today, including renewals of users you referred before the change.",
      "Your dashboard lists the rate for each renewal, so you always know what the next one pays.",
    ],
  },
  {
    title: "Choose where your links land",
    date: "2025-06-02",
    paragraphs: [
      "Each tracking link can now send visitors to the landing page that suits your audience: AI Porn, AI Hentai, NSFW AI Chat, the SFW generators and more, instead of the home page.",
      "Pick a landing page next to your links on the dashboard and copy the link again; links you shared before keep going to the home page.",
    ],
  },
  {
    title: "Compensation for the July tracking bug",
    date: "2025-09-03",
    paragraphs: [
      "Between 4 July and 27 August 2025 a bug stopped some sign-ups and sales from being attributed to the affiliates who referred them. The bug is fixed and every affected affiliate has been compensated.",
      "If you were affected, your dashboard shows a banner with the amount, which has been added to your balance and is paid out with your next payout.",
    ],
  },
  {
    title: "We have moved to a new domain",
    date: "2025-10-06",
    pinned: true,
    paragraphs: [
      "The affiliate programme has moved to its new domain. Your account, balance and statistics have moved with it; sign in as usual.",
      "Your tracking links on the dashboard already use the new domain. Please copy them again and replace the links you have shared, so that every click is counted.",
    ],
  },
];

/**
 * Pinned first, then newest first; updates with the same pinned state and date keep their order in the
 * list (Array.prototype.sort is stable).
 */
export function sortUpdates(list: readonly Update[]): Update[] {
  return [...list].sort(
    (a, b) => Number(b.pinned ?? false) - Number(a.pinned ?? false) || b.date.localeCompare(a.date),
  );
}

/**
 * How long an announcement is marked New, in days from its date (issue 32: "NEW" still marked 2025 news a
 * year on). One number for the banner and /updates.
 */
export const newForDays = 30;

/** The newest announcement by date, pinned or not (the first in the list on a tie). */
export function latestUpdate(list: readonly Update[]): Update {
  const [first, ...rest] = list;
  if (!first) throw new Error("There are no announcements");
  return rest.reduce((latest, update) => (update.date > latest.date ? update : latest), first);
}

/**
 * Whether an announcement of `isoDate` is still new on `today`: fewer than newForDays days old, counted in
 * calendar days of the visitor's own calendar (so it stops being new at their midnight, not UTC's).
 */
export function isNewUpdate(isoDate: string, today: Date): boolean {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const todayDay = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return (todayDay - Date.UTC(year, month - 1, day)) / 86_400_000 < newForDays;
}

const unchanging = () => () => undefined;

/**
 * isNewUpdate for today, in a component. The prerendered HTML was made on another day, so it never says
 * New, and a page hydrating it starts from the same (no mismatch): React renders the badge just after,
 * where today says so. A page the browser renders afresh has it from the first render.
 */
export function useIsNewUpdate(isoDate: string): boolean {
  return useSyncExternalStore(
    unchanging,
    () => isNewUpdate(isoDate, new Date()),
    () => false,
  );
}
