import { useState } from "react";
import type { User } from "firebase/auth";
import { formatDollars } from "@domain/money";
import { programme } from "@domain/programme";
import { contact } from "../../config/site";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { Loading } from "../../components/loading";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { notPdfMessage, saveFile } from "../../lib/api";
import { useSignedIn } from "../../lib/auth";
import { useDebounced } from "../../lib/use-debounced";
import { exportInvoice } from "./advertiser-api";
import { AffiliateList } from "./affiliate-list";
import { affiliateView, summaryCsvFile, type AffiliateView } from "./affiliate-view";
import { DuePayouts } from "./due-payouts";
import { fetchEveryAffiliate } from "./every-affiliate";
import { IntegrationPanel } from "./integration-panel";
import { ProgrammeSettingsPanel } from "./programme-settings-panel";
import { OverdueRefunds } from "./overdue-refunds";
import { PayoutHistory } from "./payout-history";
import { ProgrammeReportPanel } from "./programme-report";
import { SuspensionDialog } from "./suspension-dialog";
import { noFilters, useAffiliateList, useIsAdvertiser, type Filters } from "./use-advertiser";
import styles from "./advertiser.module.css";

/** SPEC.md §2 and §8's words. */
export const advertiserMessages = {
  notAdvertiser: "Contact us to apply to become an advertiser.",
  noData: "No user data at this time.",
} as const;

/** What the staff member confirms: who is paid, and how much (the pending payout, else the balance). */
function payoutQuestion({ row }: AffiliateView): string {
  const amount = row.pending_payout ?? row.required_payout;
  const name = row.name || row.email || row.user_id;
  return `Record the payout of ${formatDollars(Math.round(amount * 100))} to ${name} as paid?`;
}

export function AdvertiserPage() {
  return (
    <>
      <PageMeta
        title={`Advertiser | ${programme.name}`}
        description="Every affiliate at a glance: risk ratings, balances and payouts."
        path={paths.advertiser}
        noindex
      />
      <Advertiser />
    </>
  );
}

function Advertiser() {
  const { user, claims } = useSignedIn();
  const isAdvertiser = useIsAdvertiser(user);
  if (isAdvertiser === undefined) return <Loading page />;
  if (!isAdvertiser) {
    return (
      <div className={styles.advertiser}>
        <h1>Advertiser</h1>
        <p className={styles["advertiser-apply"]}>
          {advertiserMessages.notAdvertiser} <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </p>
      </div>
    );
  }
  return <AdvertiserDashboard user={user} isAdmin={claims.admin} />;
}

/** How long the search box waits for typing to pause before asking the server. */
const searchPauseMs = 250;

function AdvertiserDashboard({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const search = useDebounced(filters.search, searchPauseMs);
  const list = useAffiliateList(user, { ...filters, search });
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const [historyVersion, setHistoryVersion] = useState(0);
  // The affiliate whose payout is waiting for the staff member's yes (the dialog is open while set).
  const [confirming, setConfirming] = useState<AffiliateView | null>(null);
  // The invoice and CSV exports. SPEC.md §8's alert for a failed invoice export (and a failed CSV export) is
  // said in the page (role="alert") instead of window.alert.
  const exports = useAction();
  const exporting = exports.running === "csv";
  // The affiliate being suspended or reinstated (the dialog asks why, and confirms).
  const [suspending, setSuspending] = useState<AffiliateView | null>(null);

  function toggle(uid: string) {
    setToggled((current) => {
      const next = new Set(current);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });
  }

  async function recordPayout(view: AffiliateView) {
    setConfirming(null);
    await list.record(view.row);
    setHistoryVersion((version) => version + 1);
  }

  const invoice = (view: AffiliateView) =>
    exports.run(() => exportInvoice(user, view.row), {
      // SPEC.md §8: an invoice export failure is an alert.
      failure: (text) => (text === notPdfMessage ? notPdfMessage : `Failed to export invoice: ${text}`),
    });

  /** Every affiliate the filters match, as CSV: fetched whole from the server, however many are shown. */
  const exportCsv = () =>
    exports.run(
      async () => {
        const rows = await fetchEveryAffiliate(user, list.sent);
        saveFile(summaryCsvFile(rows.map(affiliateView), new Date()));
      },
      { name: "csv", failure: (text) => `Failed to export the affiliates: ${text}` },
    );

  const { views, totals } = list;
  if (views === undefined || totals === undefined) return <Loading page label="Loading affiliates…" />;
  const total = totals.affiliates;
  const shown = list.matching ?? views.length;

  return (
    <div className={styles.advertiser}>
      <div className={styles["advertiser-heading"]}>
        <h1>Advertiser</h1>
        <p className="muted">
          {total.toLocaleString("en-US")} affiliates · {totals.pending_payouts.toLocaleString("en-US")}{" "}
          {totals.pending_payouts === 1 ? "payout" : "payouts"} pending
        </p>
      </div>
      <OverdueRefunds user={user} />
      <DuePayouts
        user={user}
        pendingCount={totals.pending_payouts}
        onRecorded={() => {
          list.refresh();
          setHistoryVersion((version) => version + 1);
        }}
      />
      {total === 0 ? (
        <p className={styles["advertiser-empty"]}>{advertiserMessages.noData}</p>
      ) : (
        <>
          <form className={styles["advertiser-toolbar"]} role="search" onSubmit={(event) => event.preventDefault()}>
            <label className={styles["advertiser-search"]}>
              <span>Search</span>
              <input
                type="search"
                value={filters.search}
                placeholder="Name, e-mail or uid"
                onChange={(event) => setFilters({ ...filters, search: event.target.value })}
              />
            </label>
            <label className={styles["advertiser-filter"]}>
              <input
                type="checkbox"
                checked={filters.pendingOnly}
                onChange={(event) => setFilters({ ...filters, pendingOnly: event.target.checked })}
              />
              Pending payouts only
            </label>
            <label className={styles["advertiser-filter"]}>
              <input
                type="checkbox"
                checked={filters.highRiskOnly}
                onChange={(event) => setFilters({ ...filters, highRiskOnly: event.target.checked })}
              />
              HIGH RISK only
            </label>
            <div className={styles["advertiser-toolbar-actions"]}>
              <Button variant="ghost" size="small" onClick={list.refresh} disabled={list.refreshing}>
                {list.refreshing ? "Refreshing…" : "Refresh"}
              </Button>
              <Button
                variant="ghost"
                size="small"
                disabled={views.length === 0 || exporting}
                onClick={() => void exportCsv()}
              >
                {exporting ? "Exporting…" : "Export CSV"}
              </Button>
            </div>
          </form>
          <p className={`muted ${styles["advertiser-count"]}`} role="status">
            Showing {shown.toLocaleString("en-US")}
            {list.matching === null && list.hasMore ? "+" : ""} of {total.toLocaleString("en-US")} ·{" "}
            {list.order === "balance" ? "by balance" : "pending payouts first, then by balance"}
          </p>
          {exports.message ? <Message tone={exports.message.tone}>{exports.message.text}</Message> : null}
          {views.length === 0 && !list.hasMore ? (
            <p className={styles["advertiser-empty"]}>No affiliates match.</p>
          ) : (
            <AffiliateList
              views={views}
              hasMore={list.hasMore}
              stale={list.stale || search !== filters.search}
              loadingMore={list.loadingMore}
              onNeedMore={list.loadMore}
              isOpen={(uid) => toggled.has(uid)}
              onToggle={toggle}
              asOf={list.asOf}
              recording={list.recording}
              onPayout={setConfirming}
              onExportInvoice={(view) => void invoice(view)}
              onSuspend={setSuspending}
              linkDashboards={isAdmin}
            />
          )}
        </>
      )}
      <PayoutHistory user={user} version={historyVersion} />
      <ProgrammeReportPanel user={user} />
      <IntegrationPanel user={user} />
      <ProgrammeSettingsPanel user={user} isAdmin={isAdmin} />
      <SuspensionDialog
        view={suspending}
        onClose={() => setSuspending(null)}
        onConfirm={(view, reason) => list.suspend(view.row, !view.row.fraud_user, reason)}
      />
      <Dialog
        open={confirming !== null}
        title="Record this payout?"
        onClose={() => setConfirming(null)}
        closeLabel="Cancel"
        actions={<Button onClick={() => confirming && void recordPayout(confirming)}>Record payout</Button>}
      >
        {confirming ? <p>{payoutQuestion(confirming)}</p> : null}
      </Dialog>
    </div>
  );
}
