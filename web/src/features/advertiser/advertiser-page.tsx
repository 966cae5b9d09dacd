import { useDeferredValue, useMemo, useState } from "react";
import type { User } from "firebase/auth";
import { formatDollars } from "@domain/money";
import { programme } from "@domain/programme";
import { contact } from "../../config/site";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Loading } from "../../components/loading";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { notPdfMessage, saveFile } from "../../lib/api";
import { useSignedIn } from "../../lib/auth";
import { exportInvoice } from "./advertiser-api";
import { AffiliateList } from "./affiliate-list";
import { filterViews, noFilters, summaryCsvFile, type AffiliateView, type Filters } from "./affiliate-view";
import { DuePayouts } from "./due-payouts";
import { IntegrationPanel } from "./integration-panel";
import { ProgrammeSettingsPanel } from "./programme-settings-panel";
import { OverdueRefunds } from "./overdue-refunds";
import { PayoutHistory } from "./payout-history";
import { ProgrammeReportPanel } from "./programme-report";
import { SuspensionDialog } from "./suspension-dialog";
import { useIsAdvertiser, useSummary } from "./use-advertiser";
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
  if (isAdvertiser === undefined) return <Loading />;
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

function AdvertiserDashboard({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const summary = useSummary(user);
  const [filters, setFilters] = useState<Filters>(noFilters);
  // Typing stays responsive: the list catches up with the search box a frame later.
  const deferredFilters = useDeferredValue(filters);
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const [historyVersion, setHistoryVersion] = useState(0);
  // The affiliate whose payout is waiting for the staff member's yes (the dialog is open while set).
  const [confirming, setConfirming] = useState<AffiliateView | null>(null);
  // SPEC.md §8's alert for a failed invoice export, said in the page (role="alert") instead of window.alert.
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  // The affiliate being suspended or reinstated (the dialog asks why, and confirms).
  const [suspending, setSuspending] = useState<AffiliateView | null>(null);

  const shown = useMemo(() => filterViews(summary.views ?? [], deferredFilters), [summary.views, deferredFilters]);
  const pending = useMemo(() => (summary.views ?? []).filter((view) => view.row.payout_pending), [summary.views]);

  function toggle(uid: string) {
    setToggled((current) => {
      const next = new Set(current);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });
  }

  async function recordPayout(view: AffiliateView) {
    setConfirming(null);
    await summary.record(view.row);
    setHistoryVersion((version) => version + 1);
  }

  async function invoice(view: AffiliateView) {
    setInvoiceError(null);
    try {
      await exportInvoice(user, view.row);
    } catch (error) {
      // SPEC.md §8: an invoice export failure is an alert.
      const message = error instanceof Error ? error.message : String(error);
      setInvoiceError(message === notPdfMessage ? notPdfMessage : `Failed to export invoice: ${message}`);
    }
  }

  if (summary.views === undefined) return <Loading label="Loading affiliates…" />;
  const total = summary.views.length;

  return (
    <div className={styles.advertiser}>
      <div className={styles["advertiser-heading"]}>
        <h1>Advertiser</h1>
        <p className="muted">
          {total.toLocaleString("en-US")} affiliates · {pending.length.toLocaleString("en-US")} payouts pending
        </p>
      </div>
      <OverdueRefunds user={user} />
      <DuePayouts
        user={user}
        views={summary.views}
        onRecorded={() => {
          summary.refresh();
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
              <Button variant="ghost" size="small" onClick={summary.refresh} disabled={summary.refreshing}>
                {summary.refreshing ? "Refreshing…" : "Refresh"}
              </Button>
              <Button
                variant="ghost"
                size="small"
                disabled={shown.length === 0}
                onClick={() => saveFile(summaryCsvFile(shown, new Date()))}
              >
                Export CSV
              </Button>
            </div>
          </form>
          <p className={`muted ${styles["advertiser-count"]}`} role="status">
            Showing {shown.length.toLocaleString("en-US")} of {total.toLocaleString("en-US")} ·{" "}
            {summary.order === "balance" ? "by balance" : "pending payouts first, then by balance"}
          </p>
          {invoiceError ? (
            <p className="message message-error" role="alert">
              {invoiceError}
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p className={styles["advertiser-empty"]}>No affiliates match.</p>
          ) : (
            <AffiliateList
              views={shown}
              isOpen={(uid) => toggled.has(uid)}
              onToggle={toggle}
              asOf={summary.asOf}
              recording={summary.recording}
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
        onConfirm={(view, reason) => summary.suspend(view.row, !view.row.fraud_user, reason)}
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
