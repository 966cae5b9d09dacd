/**
 * The affiliate's commission (issue 34): the group they are in and what their sales earn now, for the
 * advertiser chosen: their deal over the group's terms over the programme's settings in force. Read from
 * their own document (the group's terms are kept on it) and the public advertiser documents: no API call.
 */
import type { AdvertiserId } from "@domain/advertisers";
import { dealInForce, dealOf } from "@domain/commission-groups";
import type { AffiliateDoc } from "@domain/model";
import { daysText } from "@domain/payout-eligibility";
import { affiliateTermsNow, formatSetting } from "@domain/programme-settings";
import { formatDay } from "../../lib/dates";
import { useProgrammeSettings } from "../../lib/programme-settings";
import styles from "./dashboard.module.css";

export function CommissionSection({ affiliate, advertiser }: { affiliate: AffiliateDoc; advertiser: AdvertiserId }) {
  const settings = useProgrammeSettings()[advertiser];
  const now = new Date();
  const terms = affiliateTermsNow(affiliate, settings, advertiser, now);
  const deal = dealOf(affiliate);
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
          <dd>{formatSetting("commission_rate", terms.commissionRate)}</dd>
        </div>
        <div>
          <dt>Renewals</dt>
          <dd>{formatSetting("repeat_rates", terms.repeatRates)}</dd>
        </div>
        <div>
          <dt>Held before payable</dt>
          <dd>{daysText(terms.holdDays)}</dd>
        </div>
      </dl>
      {dealInForce(deal, now) ? (
        <p className="muted">Your individual deal applies{deal.ends_at ? ` until ${formatDay(deal.ends_at)}` : ""}.</p>
      ) : null}
    </section>
  );
}
