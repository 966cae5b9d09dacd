/**
 * The affiliate's conversion report (issue 18): which landing pages and which links turn clicks into
 * sign-ups and first sales, for the advertiser the dashboard shows.
 */
import { advertisers, type AdvertiserId } from "@domain/advertisers";
import {
  bestLanding,
  ratesNote,
  landingCountsNote,
  landingFunnels,
  landingLabel,
  minClicksForBest,
  trackerFunnels,
} from "@domain/conversion-report";
import type { AffiliateDoc } from "@domain/model";
import { FunnelTable, LandingFunnelTable, formatRate } from "../../components/funnel-table";
import { trackerName } from "./tracker-cards";
import styles from "./dashboard.module.css";

export function ConversionReport({ affiliate, advertiser }: { affiliate: AffiliateDoc; advertiser: AdvertiserId }) {
  const name = advertisers[advertiser].name;
  const landings = landingFunnels(affiliate.landings?.[advertiser]);
  const trackers = trackerFunnels(affiliate, advertiser);
  const best = bestLanding(landings);
  return (
    <section aria-labelledby="conversion-report" className={styles["dashboard-section"]}>
      <h2 id="conversion-report">Conversion report · {name}</h2>
      {landings.length === 0 && trackers.length === 0 ? (
        <p className="muted">
          No clicks on your {name} links yet. Once visitors arrive, this shows which landing pages and links turn them
          into sign-ups and first sales.
        </p>
      ) : (
        <>
          <p className="muted">
            {best
              ? `${landingLabel(best.key)} converts best for you: ${formatRate(best.first_sales, best.clicks)} of its clicks became a first sale.`
              : `The best converting landing page is named once one has at least ${minClicksForBest} clicks and a first sale.`}
          </p>
          {landings.length > 0 ? <LandingFunnelTable rows={landings} best={best} /> : null}
          <p className={`muted ${styles["report-note"]}`}>
            {landingCountsNote} Links count every sign-up and sale reported for them. {ratesNote}
          </p>
          {trackers.length > 0 ? (
            <FunnelTable caption="By link" nameHeading="Link" rows={trackers} name={(row) => trackerName(row.key)} />
          ) : null}
        </>
      )}
    </section>
  );
}
