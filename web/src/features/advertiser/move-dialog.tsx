/**
 * Moving an affiliate to another commission group (issue 34): staff pick the group and say why (kept in the
 * audit with who and when). Sales from the move on earn the new group's terms; earlier ones keep theirs.
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { fetchGroups } from "./advertiser-api";
import { ReasonField } from "./suspension-dialog";
import styles from "./advertiser.module.css";

/** Who is moved: a row of the list. */
export type MoveTarget = Pick<SummaryRow, "user_id" | "name" | "email" | "group">;

export interface MoveDialogProps {
  user: User;
  /** The affiliate to move; the dialog is open while set. */
  affiliate: MoveTarget | null;
  onClose(): void;
  /** Moves them; rejects with the refusal. */
  onConfirm(affiliate: MoveTarget, groupId: string, reason: string): Promise<void>;
}

/** Said when the affiliate's group is the only one (at first, the default group alone). */
export const noOtherGroup =
  "There is no other group yet: an admin creates one under Commission groups on the Settings tab (New group).";

export function MoveDialog({ affiliate, ...props }: MoveDialogProps) {
  // Keyed by the affiliate, so the choice, the reason and any error start afresh for each.
  return affiliate ? <MoveForm key={affiliate.user_id} affiliate={affiliate} {...props} /> : null;
}

function MoveForm({ user, affiliate, onClose, onConfirm }: MoveDialogProps & { affiliate: MoveTarget }) {
  const groups = useQuery({ queryKey: ["commission-groups", user.uid], queryFn: () => fetchGroups(user) });
  const [groupId, setGroupId] = useState("");
  const [reason, setReason] = useState("");
  const saving = useAction();
  const name = affiliate.name || affiliate.email || affiliate.user_id;
  const others = (groups.data ?? []).filter((group) => group.id !== affiliate.group.id);
  const chosen = groupId || others[0]?.id || "";

  function confirm() {
    if (chosen === "") return saving.say({ tone: "error", text: noOtherGroup });
    if (reason.trim() === "") return saving.say({ tone: "error", text: "Say why: it is kept with the move." });
    void saving.run(async () => {
      await onConfirm(affiliate, chosen, reason.trim());
      onClose();
    });
  }

  return (
    <Dialog
      open
      title={`Move ${name} to another group?`}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <Button onClick={confirm} disabled={saving.busy || groups.isPending} aria-busy={saving.busy}>
          {saving.busy ? "Moving…" : "Move"}
        </Button>
      }
    >
      <p>
        They are in {affiliate.group.name}. Their sales from now on earn the new group&apos;s terms; sales made before
        keep the terms they were made under.
      </p>
      {groups.isSuccess && others.length === 0 ? (
        <Message tone="info" announce={false}>
          {noOtherGroup}
        </Message>
      ) : null}
      <label className={styles["suspension-reason"]}>
        <span>Group</span>
        <select value={chosen} onChange={(event) => setGroupId(event.target.value)} disabled={groups.isPending}>
          {others.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name} ({Math.round(group.in_force.promptchan.commission_rate * 1000) / 10}%)
            </option>
          ))}
        </select>
      </label>
      <ReasonField
        label="Reason (kept in the audit)"
        value={reason}
        onChange={setReason}
        refused={saving.message !== null}
      />
      {groups.isError ? <Message tone="error">The groups could not be loaded.</Message> : null}
      {saving.message ? <Message tone={saving.message.tone}>{saving.message.text}</Message> : null}
    </Dialog>
  );
}
