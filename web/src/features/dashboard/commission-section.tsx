/**
 * The affiliate's commission (issue 34): the group they are in and what their sales earn now, for the
 * advertiser chosen: their deal over the group's terms over the programme's settings in force, with the
 * programme's rates those promised to them (domain/promised-terms.ts). Read from their own document (the
 * group's terms are kept on it) and the public advertiser documents: no API call. An affiliate who joined
 * before a change lowered a rate also reads the rate history, and sees their own terms' history.
 */
import type { AdvertiserId } from "@domain/advertisers";
import type { SaleTermsOf } from "@domain/commission-groups";
import { dealInForce, dealOf } from "@domain/commission-groups";
import type { AffiliateDoc } from "@domain/model";
import { daysText } from "@domain/payout-eligibility";
import { affiliateTermsNow, formatSetting, type ProgrammeSettings } from "@domain/programme-settings";
import {
  loweredRates,
  promisedRates,
  termsHistory,
  type PromisedRates,
  type RateChange,
  type TermsStep,
} from "@domain/promised-terms";
import { formatDay } from "../../lib/dates";
import { useProgrammeSettings, useRateHistory, useRatesLoweredAt } from "../../lib/programme-settings";
import styles from "./dashboard.module.css";

interface Props {
  affiliate: AffiliateDoc;
  advertiser: AdvertiserId;
}

export function CommissionSection({ affiliate, advertiser }: Props) {
  const settings = useProgrammeSettings()[advertiser];
  const loweredAt = useRatesLoweredAt(advertiser);
  // The group's own rates for this advertiser are staff's choice: the programme's promises do not reach them.
  const groupRates = affiliate.group.terms?.rates[advertiser];
  const promised = loweredAt !== null && affiliate.created_at.getTime() < loweredAt.getTime() && !groupRates;
  return promised ? (
    <PromisedCommission affiliate={affiliate} advertiser={advertiser} settings={settings} />
  ) : (
    <CommissionTerms affiliate={affiliate} terms={affiliateTermsNow(affiliate, settings, advertiser, new Date())} />
  );
}

/** For an affiliate joined before a lowered rate: the rates promised to them, and their terms' history. */
function PromisedCommission({ affiliate, advertiser, settings }: Props & { settings: ProgrammeSettings }) {
  const changes = useRateHistory(advertiser);
  const now = new Date();
  if (!changes) return <CommissionTerms affiliate={affiliate} terms={null} />;
  const rates = promisedRates(changes, affiliate.created_at, now);
  const terms = affiliateTermsNow(affiliate, { ...settings, ...rates }, advertiser, now);
  return (
    <CommissionTerms affiliate={affiliate} terms={terms}>
      <UpcomingChange changes={changes} joinedAt={affiliate.created_at} now={now} />
      <TermsHistory steps={termsHistory(changes, affiliate.created_at, now)} />
    </CommissionTerms>
  );
}

function CommissionTerms({
  affiliate,
  terms,
  children,
}: {
  affiliate: AffiliateDoc;
  /** null while the rates promised to the affiliate load. */
  terms: SaleTermsOf | null;
  children?: React.ReactNode;
}) {
  const deal = dealOf(affiliate);
  const now = new Date();
  const loading = "…";
  return (
    <section aria-labelledby="commission" className={styles["dashboard-section"]}>
      <h2 id="commission">Your Commission</h2>
      <dl className={styles["commission-terms"]}>
        <div>
          <dt>Commission group</dt>
          <dd>{affiliate.group.name}</dd>
        </div>
        <div>
          <dt>First sales</dt>
          <dd>{terms ? formatSetting("commission_rate", terms.commissionRate) : loading}</dd>
        </div>
        <div>
          <dt>Renewals</dt>
          <dd>{terms ? formatSetting("repeat_rates", terms.repeatRates) : loading}</dd>
        </div>
        <div>
          <dt>Held before payable</dt>
          <dd>{terms ? daysText(terms.holdDays) : loading}</dd>
        </div>
      </dl>
      {dealInForce(deal, now) ? (
        <p className="muted">Your individual deal applies{deal.ends_at ? ` until ${formatDay(deal.ends_at)}` : ""}.</p>
      ) : null}
      {children}
    </section>
  );
}

const ratesText = (rates: PromisedRates) =>
  `first sales ${formatSetting("commission_rate", rates.commission_rate)}, renewals ${formatSetting("repeat_rates", rates.repeat_rates)}`;

/** Lower rates announced for everyone, not yet in force: what the affiliate's become, and from when. */
function UpcomingChange({ changes, joinedAt, now }: { changes: RateChange[]; joinedAt: Date; now: Date }) {
  const today = promisedRates(changes, joinedAt, now);
  const upcoming = changes
    .filter((change) => change.everyone_from && change.everyone_from.getTime() > now.getTime())
    .map((change) => ({ from: change.everyone_from!, rates: promisedRates(changes, joinedAt, change.everyone_from!) }))
    .find(({ rates }) => today && rates && loweredRates(today, rates).length > 0);
  if (!upcoming?.rates) return null;
  return (
    <p className={styles["terms-notice"]} role="note">
      From {formatDay(upcoming.from)} your rates become {ratesText(upcoming.rates)}. Sales before then keep the rates
      you have now.
    </p>
  );
}

const stepText: Record<TermsStep["reason"], (step: TermsStep) => string> = {
  joined: (step) => `You joined: ${ratesText(step)}.`,
  kept: (step) =>
    step.programme
      ? `The programme's rates changed to ${ratesText(step.programme)} for affiliates joining from then; you keep ${ratesText(step)}.`
      : `Your rates stayed ${ratesText(step)}.`,
  raised: (step) => `Your rates rose: ${ratesText(step)}.`,
  lowered: (step) => `The lower rates announced reached you: ${ratesText(step)}.`,
};

/** Every step of the affiliate's own terms since they joined, newest first. */
function TermsHistory({ steps }: { steps: TermsStep[] }) {
  if (steps.length < 2) return null;
  return (
    <details className={styles["terms-history"]}>
      <summary>Your terms history</summary>
      <ul>
        {[...steps].reverse().map((step) => (
          <li key={step.from.getTime()}>
            <time dateTime={step.from.toISOString()}>{formatDay(step.from)}</time> {stepText[step.reason](step)}
          </li>
        ))}
      </ul>
    </details>
  );
}
