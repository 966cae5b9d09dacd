/**
 * The programme's conversion report for staff (issue 18): every affiliate's landing-page funnels added up,
 * and the trackers that convert best across the programme, per advertiser. Loaded when opened.
 */
import { useQuery } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { advertisers, type AdvertiserId } from "@domain/advertisers";
import { bestLanding, landingCountsNote, ratesNote } from "@domain/conversion-report";
import { defaultTrackerKey, removedTrackersKey } from "@domain/model";
import { formatCount } from "@domain/numbers";
import { FunnelTable, LandingFunnelTable, formatRate } from "../../components/funnel-table";
import { Message } from "../../components/ui/message";
import { fetchConversionReport, type ProgrammeReport } from "./advertiser-api";
import { PerAdvertiserPanel } from "./disclosure-panel";

function trackerName(row: ProgrammeReport["top_trackers"][number]): string {
  const tracker =
    row.tracker === defaultTrackerKey
      ? "default link"
      : row.tracker === removedTrackersKey
        ? "removed links"
        : row.tracker;
  return `${row.name || row.email || row.uid} · ${tracker}`;
}

export function ProgrammeReportPanel({ user }: { user: User }) {
  return (
    <PerAdvertiserPanel
      id="conversion-report"
      heading="Conversion report"
      lead="Clicks, sign-ups and first sales by landing page across the programme, and the links that convert best."
    >
      {(advertiser) => <Report user={user} advertiser={advertiser} />}
    </PerAdvertiserPanel>
  );
}

function Report({ user, advertiser }: { user: User; advertiser: AdvertiserId }) {
  const report = useQuery({
    queryKey: ["conversion-report", user.uid, advertiser],
    queryFn: () => fetchConversionReport(user, advertiser),
  });
  if (report.isPending) return <p className="muted">Loading the report…</p>;
  if (report.isError) {
    return (
      <Message tone="error" announce={false}>
        The report could not be loaded: {report.error.message}
      </Message>
    );
  }
  const { totals, landings, top_trackers: top, min_tracker_clicks: minClicks } = report.data;
  const best = bestLanding(landings);
  return (
    <>
      <p>
        {formatCount(totals.clicks)} clicks → {formatCount(totals.sign_ups)} sign-ups (
        {formatRate(totals.sign_ups, totals.clicks)}) → {formatCount(totals.first_sales)} first sales (
        {formatRate(totals.first_sales, totals.clicks)} of clicks), from {formatCount(report.data.affiliates)}{" "}
        affiliates.
      </p>
      {landings.length === 0 ? (
        <p className="muted">No clicks through {advertisers[advertiser].name} links yet.</p>
      ) : (
        <LandingFunnelTable rows={landings} best={best} />
      )}
      <p className="muted">
        {landingCountsNote} {ratesNote}
      </p>
      {top.length === 0 ? (
        <p className="muted">No link has {minClicks} clicks yet.</p>
      ) : (
        <FunnelTable
          caption={`Best converting links (at least ${minClicks} clicks)`}
          nameHeading="Affiliate and link"
          rows={top}
          name={trackerName}
        />
      )}
    </>
  );
}
