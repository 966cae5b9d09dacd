/**
 * An affiliate's history of terms and balance (issue 34), from their card: group moves, deal changes and
 * manual adjustments, newest first, with who and why; older entries a page at a time.
 */
import { useEffect, useState } from "react";
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import { advertisers } from "@domain/advertisers";
import { formatDollars } from "@domain/money";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { formatMoment } from "../../lib/dates";
import { fetchAffiliateHistory } from "./advertiser-api";
import type { ApiAnswer } from "../../lib/api";
import { dealSummary } from "./deal-dialog";
import styles from "./advertiser.module.css";

type HistoryEntry = ApiAnswer<"GET", "/api/affiliate_history">["entries"][number];

/** What happened, in a line. */
export function historyText(entry: HistoryEntry): string {
  switch (entry.kind) {
    case "move":
      return `Moved from ${entry.from.name} to ${entry.to.name}`;
    case "deal":
      if (!entry.deal) return "Deal ended";
      return entry.deal.ends_at && entry.deal.starts_at === entry.previous?.starts_at
        ? "Deal ended"
        : `Deal set: ${dealSummary(entry.deal)}`;
    case "adjustment": {
      const cents = Math.round(entry.amount * 100);
      const amount = cents < 0 ? `−${formatDollars(-cents)}` : `+${formatDollars(cents)}`;
      return `Balance adjusted ${amount} (${advertisers[entry.advertiser].name})`;
    }
  }
}

export interface HistoryDialogProps {
  user: User;
  affiliate: Pick<SummaryRow, "user_id" | "name" | "email">;
  onClose(): void;
}

export function HistoryDialog({ user, affiliate, onClose }: HistoryDialogProps) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const loading = useAction();
  const name = affiliate.name || affiliate.email || affiliate.user_id;
  const { run } = loading;

  const load = (after: string | null) =>
    run(async () => {
      const page = await fetchAffiliateHistory(user, affiliate.user_id, after);
      setEntries((shown) => [...(after ? (shown ?? []) : []), ...page.entries]);
      setNext(page.next);
    });

  useEffect(() => {
    void load(null);
    // Loaded once when the dialog opens; older pages on request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Dialog
      open
      title={`${name}'s history`}
      onClose={onClose}
      actions={
        next ? (
          <Button variant="ghost" onClick={() => void load(next)} disabled={loading.busy} aria-busy={loading.busy}>
            {loading.busy ? "Loading…" : "Show older"}
          </Button>
        ) : null
      }
    >
      {entries === null ? (
        loading.busy ? (
          <p className="muted">Loading the history…</p>
        ) : null
      ) : entries.length === 0 ? (
        <p>No group moves, deal changes or adjustments yet.</p>
      ) : (
        <ol className={styles["history-list"]} aria-label="History, newest first">
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`}>
              <strong>{historyText(entry)}</strong>
              <span className="muted">
                {formatMoment(entry.at)} · {recordedBy(entry)}
              </span>
              <span>Reason: {entry.reason}</span>
            </li>
          ))}
        </ol>
      )}
      {loading.message ? <Message tone={loading.message.tone}>{loading.message.text}</Message> : null}
    </Dialog>
  );
}

/** Who made a change: staff by e-mail, a tier reached, or the custom_terms migration. */
export function recordedBy(entry: HistoryEntry): string {
  if (entry.kind === "move" && entry.tier) return "a tier reached";
  return entry.by ? entry.by.email || entry.by.uid : "migration";
}
