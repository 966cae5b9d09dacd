import { useState } from "react";
import { formatCount } from "@domain/numbers";
import { NavLink, Outlet, useOutletContext, useSearchParams } from "react-router-dom";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
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
import { exportInvoice, moveAffiliates } from "./advertiser-api";
import { AffiliateList } from "./affiliate-list";
import { AffiliateTable, type AffiliateTableProps } from "./affiliate-table";
import { ListViewChoice, OrderMenu, orderNames, useListView, type ListView } from "./list-view";
import { affiliateView, summaryCsvFile, type AffiliateView } from "./affiliate-view";
import { DuePayouts } from "./due-payouts";
import { fetchEveryAffiliate } from "./every-affiliate";
import { IntegrationPanel } from "./integration-panel";
import { CommissionGroupsPanel } from "./commission-groups-panel";
import { RewardRulesPanel } from "./reward-rules-panel";
import { ProgrammeSettingsPanel } from "./programme-settings-panel";
import { OverdueRefunds } from "./overdue-refunds";
import { PayoutHistory } from "./payout-history";
import { ratingReason } from "./rating-reason";
import { RiskCases } from "./risk-section";
import { ProgrammeReportPanel } from "./programme-report";
import { SuspensionDialog } from "./suspension-dialog";
import { MoveDialog } from "./move-dialog";
import { StaffToolDialog, type ToolTarget } from "./staff-tools";
import {
  noFilters,
  useAffiliateList,
  useIsAdvertiser,
  useProgrammeTotals,
  useRefreshAffiliates,
  type Filters,
  type ListState,
} from "./use-advertiser";
import styles from "./advertiser.module.css";
import sectionStyles from "./advertiser-sections.module.css";

/** SPEC.md §2 and §8's words. */
export const advertiserMessages = {
  notAdvertiser: "Contact us to apply to become an advertiser.",
  noData: "No user data at this time.",
} as const;

/** What a recorded payout pays: the pending payout, else the balance. */
const payoutCents = ({ row }: AffiliateView) => rowCents(row.pending_payout ?? row.required_payout);

/** What the staff member confirms: who is paid, and how much. */
function payoutQuestion(view: AffiliateView): string {
  const { row } = view;
  const name = row.name || row.email || row.user_id;
  return `Record the payout of ${formatDollars(payoutCents(view))} to ${name} as paid?`;
}

/**
 * The staff console's sections (issue 32), each at its own address so it is one click away, can be
 * bookmarked and comes back with the browser's Back: the affiliates (SPEC.md §2's advertiser dashboard)
 * first, then what we added beside it.
 */
export const advertiserSections = [
  { path: paths.advertiser, label: "Affiliates" },
  { path: paths.advertiserPayouts, label: "Payouts" },
  { path: paths.advertiserRisk, label: "Risk" },
  { path: paths.advertiserIntegration, label: "Integration" },
  { path: paths.advertiserReports, label: "Reports" },
  { path: paths.advertiserSettings, label: "Settings" },
] as const;

/** What every section is given by the console around it. */
interface ConsoleContext {
  user: User;
  isAdmin: boolean;
}

const useConsole = () => useOutletContext<ConsoleContext>();

/** The console: who may see it, its heading with the programme's counts, the sections' tabs, the section. */
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
  const context: ConsoleContext = { user, isAdmin: claims.admin };
  return (
    <div className={styles.advertiser}>
      <ConsoleHeading user={user} />
      <nav aria-label="Advertiser sections" className={sectionStyles.tabs}>
        {advertiserSections.map((section) => (
          <NavLink
            key={section.path}
            to={section.path}
            end
            className={({ isActive }) => `${sectionStyles.tab}${isActive ? ` ${sectionStyles["tab-current"]}` : ""}`}
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet context={context} />
    </div>
  );
}

/** "Advertiser", and the programme's counts, on every section. */
function ConsoleHeading({ user }: { user: User }) {
  const totals = useProgrammeTotals(user);
  return (
    <div className={styles["advertiser-heading"]}>
      <h1>Advertiser</h1>
      {totals ? (
        <p className="muted">
          {formatCount(totals.affiliates)} affiliates · {formatCount(totals.pending_payouts)}{" "}
          {totals.pending_payouts === 1 ? "payout" : "payouts"} pending
        </p>
      ) : null}
    </div>
  );
}

/** Payouts: refunds waiting for their sale, payouts due (paid in a batch), and the payout history. */
export function PayoutsSection() {
  const { user } = useConsole();
  const totals = useProgrammeTotals(user);
  const refreshAffiliates = useRefreshAffiliates(user);
  const [historyVersion, setHistoryVersion] = useState(0);
  return (
    <>
      <OverdueRefunds user={user} />
      <DuePayouts
        user={user}
        pendingCount={totals?.pending_payouts}
        onRecorded={() => {
          refreshAffiliates();
          setHistoryVersion((version) => version + 1);
        }}
      />
      <PayoutHistory user={user} version={historyVersion} />
    </>
  );
}

/** Risk: the open risk cases, the most money at stake first (issue 33). */
export function RiskSection() {
  const { user } = useConsole();
  return <RiskCases user={user} />;
}

export function IntegrationSection() {
  const { user } = useConsole();
  return <IntegrationPanel user={user} />;
}

export function ReportsSection() {
  const { user } = useConsole();
  return <ProgrammeReportPanel user={user} />;
}

export function SettingsSection() {
  const { user, isAdmin } = useConsole();
  return (
    <>
      <ProgrammeSettingsPanel user={user} isAdmin={isAdmin} />
      {/* Issue 34: the commission groups, beside the settings the default group is. */}
      <CommissionGroupsPanel user={user} isAdmin={isAdmin} />
      {/* Issue 34: each group's tiers and bonuses, beside the groups. */}
      <RewardRulesPanel user={user} isAdmin={isAdmin} />
    </>
  );
}

/** How long the search box waits for typing to pause before asking the server. */
const searchPauseMs = 250;

/**
 * Affiliates: SPEC.md §2's advertiser dashboard, the list of every affiliate with their cards. `?q=` opens
 * it searched (a link to one affiliate, from a shared payout destination's names): a new one starts afresh.
 */
export function AffiliatesSection() {
  const [params] = useSearchParams();
  const asked = params.get("q") ?? "";
  return <AffiliatesList key={asked} initialSearch={asked} />;
}

function AffiliatesList({ initialSearch }: { initialSearch: string }) {
  const { user, isAdmin } = useConsole();
  const [filters, setFilters] = useState<Filters>({ ...noFilters, search: initialSearch });
  const search = useDebounced(filters.search, searchPauseMs);
  const list = useAffiliateList(user, { ...filters, search });
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  // The affiliate whose payout is waiting for the staff member's yes (the dialog is open while set).
  const [confirming, setConfirming] = useState<AffiliateView | null>(null);
  // The invoice and CSV exports. SPEC.md §8's alert for a failed invoice export (and a failed CSV export) is
  // said in the page (role="alert") instead of window.alert.
  const exports = useAction();
  const exporting = exports.running === "csv";
  // The affiliate being suspended or reinstated (the dialog asks why, and confirms).
  const [suspending, setSuspending] = useState<AffiliateView | null>(null);
  // The affiliate being moved to another commission group (the dialog asks where and why).
  const [moving, setMoving] = useState<AffiliateView | null>(null);
  // The staff tool open for an affiliate (issue 34: adjust the balance, the deal, the history).
  const [tooling, setTooling] = useState<ToolTarget | null>(null);
  const refreshAffiliates = useRefreshAffiliates(user);
  // A dense table on a wide screen, SPEC.md's cards on a phone (or by choice).
  const shownAs = useListView();

  // Moving on from a recorded payout (a filter, the search, Refresh) puts the list in its new order.
  const changeFilters = (next: Filters) => {
    list.settle();
    setFilters(next);
  };

  function toggle(uid: string) {
    setToggled((current) => {
      const next = new Set(current);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });
  }

  async function recordPayout(view: AffiliateView) {
    setConfirming(null);
    await list.record(view.row, payoutCents(view));
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
    <>
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
                onChange={(event) => changeFilters({ ...filters, search: event.target.value })}
              />
            </label>
            <label className={styles["advertiser-filter"]}>
              <input
                type="checkbox"
                checked={filters.pendingOnly}
                onChange={(event) => changeFilters({ ...filters, pendingOnly: event.target.checked })}
              />
              Pending payouts only
            </label>
            <label className={styles["advertiser-filter"]}>
              <input
                type="checkbox"
                checked={filters.highRiskOnly}
                onChange={(event) => changeFilters({ ...filters, highRiskOnly: event.target.checked })}
              />
              HIGH RISK only
            </label>
            {shownAs.view === "cards" ? <OrderMenu order={list.order} onSort={list.sortBy} /> : null}
            <div className={styles["advertiser-toolbar-actions"]}>
              {shownAs.wide ? <ListViewChoice view={shownAs.view} onChoose={shownAs.choose} /> : null}
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
            Showing {formatCount(shown)}
            {list.matching === null && list.hasMore ? "+" : ""} of {formatCount(total)} · {orderNames[list.order]}
          </p>
          {list.recorded.size > 0 ? <RecordedNotice list={list} onDone={list.settle} /> : null}
          {exports.message ? <Message tone={exports.message.tone}>{exports.message.text}</Message> : null}
          {views.length === 0 && !list.hasMore ? (
            <p className={styles["advertiser-empty"]}>No affiliates match.</p>
          ) : (
            <ShownAs
              as={shownAs.view}
              order={list.order}
              onSort={list.sortBy}
              views={views}
              hasMore={list.hasMore}
              stale={list.stale || search !== filters.search}
              loadingMore={list.loadingMore}
              onNeedMore={list.loadMore}
              isOpen={(uid) => toggled.has(uid)}
              onToggle={toggle}
              asOf={list.asOf}
              recording={list.recording}
              recorded={list.recorded}
              onPayout={setConfirming}
              onExportInvoice={(view) => void invoice(view)}
              onSuspend={setSuspending}
              onMove={setMoving}
              onTool={(view, tool) => setTooling({ row: view.row, tool })}
              linkDashboards={isAdmin}
            />
          )}
        </>
      )}
      <MoveDialog
        user={user}
        affiliate={moving?.row ?? null}
        onClose={() => setMoving(null)}
        onConfirm={async (affiliate, groupId, reason) => {
          await moveAffiliates(user, [affiliate.user_id], groupId, reason);
          refreshAffiliates();
        }}
      />
      <StaffToolDialog user={user} target={tooling} onClose={() => setTooling(null)} onChanged={refreshAffiliates} />
      <SuspensionDialog
        affiliate={suspending?.row ?? null}
        onClose={() => setSuspending(null)}
        onConfirm={async (_, reason) => {
          if (suspending) await list.suspend(suspending.row, !suspending.row.fraud_user, reason);
        }}
      />
      <Dialog
        open={confirming !== null}
        title="Record this payout?"
        onClose={() => setConfirming(null)}
        closeLabel="Cancel"
        actions={<Button onClick={() => confirming && void recordPayout(confirming)}>Record payout</Button>}
      >
        {confirming ? (
          <>
            <p>{payoutQuestion(confirming)}</p>
            {/* The rating and why (issue 32): a HIGH RISK affiliate is paid knowingly. */}
            <p className="muted">Rating: {ratingReason(confirming)}.</p>
          </>
        ) : null}
      </Dialog>
    </>
  );
}

/** The list as the table or as the cards, with the same rows and actions. */
function ShownAs({ as, ...props }: AffiliateTableProps & { as: ListView }) {
  return as === "table" ? <AffiliateTable {...props} /> : <AffiliateList {...props} />;
}

/**
 * Said where the staff member is, once a payout is recorded: the card shows it in place and the list keeps
 * its order, so nothing moves under the cursor; Done (or a filter, the search, Refresh) orders it by
 * balance only, as SPEC.md §4 has it after a payout.
 */
function RecordedNotice({ list, onDone }: { list: ListState; onDone(): void }) {
  const cents = [...list.recorded.values()].reduce((sum, amount) => sum + amount, 0);
  const count = list.recorded.size;
  return (
    <div className={sectionStyles.recorded} role="status">
      <span>
        {count === 1 ? "Payout recorded" : `${formatCount(count)} payouts recorded`}: {formatDollars(cents)}. The list
        keeps its order until you are done.
      </span>
      <Button size="small" variant="ghost" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
