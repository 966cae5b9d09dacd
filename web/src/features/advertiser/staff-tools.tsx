/**
 * Staff's tools for one affiliate's terms and balance (issue 34), opened from their card: adjust the balance,
 * set or end their deal, browse their history. The page keeps which is open; each dialog starts afresh.
 */
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import { AdjustDialog } from "./adjust-dialog";
import type { StaffTool } from "./affiliate-card";
import { DealDialog } from "./deal-dialog";
import { HistoryDialog } from "./history-dialog";

/** The affiliate and the tool open for them. */
export interface ToolTarget {
  row: SummaryRow;
  tool: StaffTool;
}

export interface StaffToolDialogProps {
  user: User;
  target: ToolTarget | null;
  onClose(): void;
  /** After a change (an adjustment, a deal): the list is fetched again. */
  onChanged(): void;
}

export function StaffToolDialog({ user, target, onClose, onChanged }: StaffToolDialogProps) {
  if (!target) return null;
  const key = `${target.tool}-${target.row.user_id}`;
  switch (target.tool) {
    case "adjust":
      return <AdjustDialog key={key} user={user} affiliate={target.row} onClose={onClose} onAdjusted={onChanged} />;
    case "deal":
      return <DealDialog key={key} user={user} affiliate={target.row} onClose={onClose} onSaved={onChanged} />;
    case "history":
      return <HistoryDialog key={key} user={user} affiliate={target.row} onClose={onClose} />;
  }
}
