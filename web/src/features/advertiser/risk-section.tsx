/**
 * The staff console's Risk section (issue 33): the open risk cases, the most money at stake first, each
 * with who, why (the families in plain words), since when, its action and what it holds; opened, its
 * events with their evidence and the affiliate's key figures. Staff release the case or confirm fraud,
 * each asked first with what happens to how much money and a reason; the answer stays on the card, and
 * after a confirmation suspension is offered through the list's own suspension dialog.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { formatCount, formatCountOf } from "@domain/numbers";
import { riskActionLabels, riskFamilyInfo, type RiskAction } from "@domain/risk-rules";
import { destinationKinds } from "@domain/shared-destination";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Disclosure } from "../../components/ui/disclosure";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { Loading } from "../../components/loading";
import { formatMoment } from "../../lib/dates";
import { resolveRiskCase, setSuspension, type RiskOutcome } from "./advertiser-api";
import { AffiliateCardHeader, Badge, money, Stat } from "./affiliate-card";
import { riskCaseHref } from "./risk-mark";
import { affiliateHref } from "./shared-destination";
import { ReasonField, SuspensionDialog, type SuspensionTarget } from "./suspension-dialog";
import { useRefreshAffiliates, useRiskCase, useRiskCases, type RiskCaseRow, type RiskCaseView } from "./use-advertiser";
import styles from "./advertiser.module.css";
import own from "./risk-section.module.css";

/** What the section says when nothing is open. */
export const noOpenCases = "No open cases";

type Resolution = Awaited<ReturnType<typeof resolveRiskCase>>;

const nameOf = (row: { name: string; email: string; user_id: string }) => row.name || row.email || row.user_id;

const actionClass: Record<RiskAction, string | undefined> = {
  flag: own["action-flag"],
  hold_new: own["action-hold"],
  hold_all: own["action-hold"],
};

/** The queue, its refresh, and the suspension offered after a confirmation. */
export function RiskCases({ user }: { user: User }) {
  const [params] = useSearchParams();
  const asked = params.get("case");
  const cases = useRiskCases(user, asked);
  const refreshAffiliates = useRefreshAffiliates(user);
  // The answers to the resolutions made here: the card says them in place until Refresh.
  const [resolved, setResolved] = useState<ReadonlyMap<string, Resolution>>(new Map());
  const [suspending, setSuspending] = useState<SuspensionTarget | null>(null);
  const [suspended, setSuspended] = useState<ReadonlySet<string>>(new Set());

  if (cases.isPending) return <Loading label="Loading risk cases…" />;
  if (cases.isError) {
    return (
      <Message tone="error" announce={false}>
        Risk cases could not be loaded.
      </Message>
    );
  }
  const { cases: rows, open } = cases.data;
  const byUid = new Map(rows.map((row) => [row.user_id, row]));
  const stillOpen = open - [...resolved.values()].filter((answer) => answer.changed).length;

  const refresh = () => {
    setResolved(new Map());
    void cases.refetch();
  };

  return (
    <section className={own.risk} aria-labelledby="risk-heading">
      <div className={styles["advertiser-panel-header"]}>
        <h2 id="risk-heading">Risk cases</h2>
        <Button variant="ghost" size="small" onClick={refresh} disabled={cases.isFetching}>
          {cases.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className={styles["advertiser-empty"]}>{noOpenCases}</p>
      ) : (
        <>
          <p className="muted" role="status">
            {formatCountOf(Math.max(0, stillOpen), "open case", "open cases")}, the most money at stake first
            {open > rows.length ? ` (showing ${formatCount(rows.length)})` : ""}.
          </p>
          <ol className={own.cases}>
            {rows.map((row) => (
              <li key={row.case_id}>
                <RiskCaseCard
                  user={user}
                  row={row}
                  byUid={byUid}
                  asked={asked === row.case_id}
                  answer={resolved.get(row.case_id) ?? null}
                  suspended={suspended.has(row.user_id)}
                  onResolved={(answer) => {
                    setResolved((current) => new Map(current).set(row.case_id, answer));
                    refreshAffiliates();
                  }}
                  onSuspend={() =>
                    setSuspending({ user_id: row.user_id, name: row.name, email: row.email, fraud_user: false })
                  }
                />
              </li>
            ))}
          </ol>
        </>
      )}
      <SuspensionDialog
        affiliate={suspending}
        onClose={() => setSuspending(null)}
        onConfirm={async (affiliate, reason) => {
          await setSuspension(user, affiliate, true, reason);
          setSuspended((current) => new Set(current).add(affiliate.user_id));
          refreshAffiliates();
        }}
      />
    </section>
  );
}

interface RiskCaseCardProps {
  user: User;
  row: RiskCaseRow;
  /** The open cases by affiliate: evidence naming one of them links to their case. */
  byUid: ReadonlyMap<string, RiskCaseRow>;
  /** Opened by its link (?case=): shown open, in view. */
  asked: boolean;
  answer: Resolution | null;
  suspended: boolean;
  onResolved(answer: Resolution): void;
  onSuspend(): void;
}

function RiskCaseCard({ user, row, byUid, asked, answer, suspended, onResolved, onSuspend }: RiskCaseCardProps) {
  const [open, setOpen] = useState(asked);
  const [asking, setAsking] = useState<RiskOutcome | null>(null);
  const card = useRef<HTMLElement>(null);
  const said = useRef<HTMLDivElement>(null);
  const name = nameOf(row);
  const headingId = `risk-case-${row.case_id}`;
  const bodyId = `risk-case-body-${row.case_id}`;

  useEffect(() => {
    if (!asked) return;
    card.current?.scrollIntoView?.({ block: "start" });
    card.current?.focus();
  }, [asked]);
  // The buttons that asked are gone once it is resolved: focus goes to what was done.
  useEffect(() => {
    if (answer) said.current?.focus();
  }, [answer]);

  return (
    <article ref={card} tabIndex={-1} className={`${styles["affiliate-card"]} ${own.card}`} aria-labelledby={headingId}>
      <AffiliateCardHeader
        id={headingId}
        name={name}
        email={row.email}
        uid={row.user_id}
        badges={
          <>
            <Badge className={actionClass[row.action]}>{riskActionLabels[row.action]}</Badge>
            {answer ? (
              <Badge className={own["badge-resolved"]}>
                {answer.status === "released" ? "Released" : "Fraud confirmed"}
              </Badge>
            ) : null}
          </>
        }
      />
      <p className={own.why}>{row.family_labels.join(" · ")}</p>
      <dl className={styles["affiliate-stats"]}>
        <Stat label="At stake">{money(row.at_stake)}</Stat>
        <Stat label="Held by the case">{money(row.case_held)}</Stat>
        <Stat label="Opened">{formatMoment(new Date(row.opened_at))}</Stat>
        <Stat label="Events">{formatCount(row.event_count)}</Stat>
      </dl>
      <div className={styles["affiliate-actions"]}>
        <Disclosure
          open={open}
          onToggle={() => setOpen(!open)}
          controls={bodyId}
          size="small"
          labels={{ open: "Hide evidence", closed: "Show evidence" }}
        />
        <Link className={own.link} to={affiliateHref(row.user_id)}>
          Open {name} in Affiliates
        </Link>
      </div>
      {open ? (
        <div id={bodyId}>
          <CaseDetails user={user} caseId={row.case_id} byUid={byUid} />
        </div>
      ) : null}
      {answer ? (
        <div ref={said} tabIndex={-1} className={own.done}>
          <Message tone="success">{answer.message}</Message>
          {answer.suspension_offered && !suspended ? (
            <Button variant="danger" size="small" onClick={onSuspend} aria-label={`Suspend ${name}`}>
              Suspend account
            </Button>
          ) : null}
          {suspended ? <Message tone="info">{name} is suspended.</Message> : null}
        </div>
      ) : (
        <div className={styles["affiliate-actions"]}>
          <Button size="small" onClick={() => setAsking("release")} aria-label={`Release ${name}'s case`}>
            Release
          </Button>
          <Button
            variant="danger"
            size="small"
            onClick={() => setAsking("confirm")}
            aria-label={`Confirm fraud by ${name}`}
          >
            Confirm fraud
          </Button>
        </div>
      )}
      {asking ? (
        <ResolveDialog
          user={user}
          row={row}
          outcome={asking}
          onClose={() => setAsking(null)}
          onResolved={(resolution) => {
            setAsking(null);
            onResolved(resolution);
          }}
        />
      ) : null}
    </article>
  );
}

/** The case's events with their evidence, and the affiliate's key figures (asked for when opened). */
function CaseDetails({ user, caseId, byUid }: { user: User; caseId: string; byUid: RiskCaseCardProps["byUid"] }) {
  const details = useRiskCase(user, caseId, true);
  if (details.isPending) return <Loading label="Loading the evidence…" />;
  if (details.isError) {
    return (
      <Message tone="error" announce={false}>
        The evidence could not be loaded.
      </Message>
    );
  }
  const view = details.data;
  const figures = view.affiliate;
  return (
    <div className={own.details}>
      <h4>Evidence</h4>
      {view.event_count > view.events.length ? (
        <p className="muted">
          The newest {formatCount(view.events.length)} of {formatCount(view.event_count)} events.
        </p>
      ) : null}
      <ol className={own.events}>
        {view.events.map((event) => (
          <li key={`${event.key}-${event.at}`}>
            <span className="muted">{formatMoment(new Date(event.at))}</span> ·{" "}
            <strong>{riskFamilyInfo[event.family].label}</strong>
            <p className={own.detail}>{event.evidence.detail}</p>
            <Evidence evidence={event.evidence} byUid={byUid} />
          </li>
        ))}
      </ol>
      <h4>Key figures</h4>
      <dl className={styles["affiliate-stats"]}>
        <Stat label="Balance">{money(figures.balance)}</Stat>
        <Stat label="Payable">{money(figures.payable)}</Stat>
        <Stat label="In hold period">{money(figures.held)}</Stat>
        <Stat label="Held by the case">{money(figures.case_held)}</Stat>
        <Stat label="Earnings">{money(figures.total_earnings)}</Stat>
        <Stat label="Refunds">{`${formatCount(figures.total_refunds)} (${money(figures.total_refunded)})`}</Stat>
        <Stat label="Payouts">{money(figures.total_payouts)}</Stat>
        <Stat label="Sales">{formatCount(figures.total_sales)}</Stat>
        <Stat label="Sign-ups">{formatCount(figures.total_sign_ups)}</Stat>
        <Stat label="Clicks">{formatCount(figures.total_clicks)}</Stat>
        <Stat label="Filtered clicks (bots)">{formatCount(figures.total_filtered_clicks)}</Stat>
        <Stat label="Suspended">{figures.fraud_user ? "Yes" : "No"}</Stat>
      </dl>
    </div>
  );
}

type EvidenceView = RiskCaseView["events"][number]["evidence"];

/** What an event points at: which sale, click or event, and which other affiliate (a link to them). */
function Evidence({ evidence, byUid }: { evidence: EvidenceView; byUid: RiskCaseCardProps["byUid"] }) {
  const other = evidence.other_uid;
  const theirs = other ? byUid.get(other) : undefined;
  const facts: [string, ReactNode][] = [];
  if (evidence.destination_kind) facts.push(["Shared", destinationKinds[evidence.destination_kind]]);
  if (other) {
    facts.push([
      "Other affiliate",
      <>
        <Link to={affiliateHref(other)}>{theirs ? nameOf(theirs) : evidence.other_name || other}</Link>
        {theirs ? (
          <>
            {" · "}
            <Link to={riskCaseHref(theirs.case_id)}>their case</Link>
          </>
        ) : null}
      </>,
    ]);
  }
  if (evidence.sale_id) facts.push(["Sale", <code key="sale">{evidence.sale_id}</code>]);
  if (evidence.click_id) facts.push(["Click", <code key="click">{evidence.click_id}</code>]);
  if (evidence.event_id) facts.push(["Event", <code key="event">{evidence.event_id}</code>]);
  if (facts.length === 0) return null;
  return (
    <dl className={own.evidence}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the staff member is asked before resolving: what happens to how much money, and why. */
export function resolveQuestion(row: RiskCaseRow, outcome: RiskOutcome): string {
  const name = nameOf(row);
  const held = money(row.case_held);
  const payable = row.action === "hold_all" ? row.at_stake - row.case_held : 0;
  const freed = payable > 0 ? ` ${name}'s payable ${money(payable)} is no longer held back by the case.` : "";
  if (row.case_held === 0 && payable <= 0) {
    return outcome === "release"
      ? `This case holds no commission: releasing it closes the case and changes nothing of ${name}'s money.`
      : `This case holds no commission, so nothing is cancelled. The case closes as fraud and cannot be reopened.`;
  }
  if (outcome === "release") {
    return `${held} of commission held by this case goes back to its normal hold timeline: what is past its hold period becomes payable to ${name}, the rest when its day comes.${freed} The case closes.`;
  }
  return `${held} of commission held by this case is cancelled for good, counted as clawed back from ${name}'s earnings.${freed} The case closes as fraud and cannot be reopened.`;
}

/** The dialog's button: what it does, with the amount when there is one. */
const resolveLabel = (row: RiskCaseRow, outcome: RiskOutcome) =>
  row.case_held === 0
    ? outcome === "release"
      ? "Release"
      : "Confirm fraud"
    : `${outcome === "release" ? "Release" : "Cancel"} ${money(row.case_held)}`;

function ResolveDialog({
  user,
  row,
  outcome,
  onClose,
  onResolved,
}: {
  user: User;
  row: RiskCaseRow;
  outcome: RiskOutcome;
  onClose(): void;
  onResolved(answer: Resolution): void;
}) {
  const [reason, setReason] = useState("");
  const saving = useAction();
  const queryClient = useQueryClient();
  const releasing = outcome === "release";

  function confirm() {
    const note = reason.trim();
    if (note === "") return saving.say({ tone: "error", text: "Say why: the reason is kept with the case." });
    void saving.run(async () => {
      const answer = await resolveRiskCase(user, row.case_id, outcome, note);
      void queryClient.invalidateQueries({ queryKey: ["risk-case", user.uid, row.case_id] });
      onResolved(answer);
    });
  }

  return (
    <Dialog
      open
      title={releasing ? `Release ${nameOf(row)}'s case?` : `Confirm fraud by ${nameOf(row)}?`}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <Button
          variant={releasing ? "primary" : "danger"}
          onClick={confirm}
          disabled={saving.busy}
          aria-busy={saving.busy}
        >
          {saving.busy ? "Saving…" : resolveLabel(row, outcome)}
        </Button>
      }
    >
      <p>{resolveQuestion(row, outcome)}</p>
      <ReasonField
        label="Reason (kept with the case)"
        value={reason}
        onChange={setReason}
        refused={saving.message !== null}
      />
      {saving.message ? <Message tone={saving.message.tone}>{saving.message.text}</Message> : null}
    </Dialog>
  );
}
