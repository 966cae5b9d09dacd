/**
 * Suspending an affiliate for fraud, or reinstating them: staff say why (the affiliate is e-mailed the
 * reason) and confirm. A suspended affiliate's sales earn nothing and no payout can be requested or paid.
 */
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import type { SummaryRow } from "@domain/advertiser-summary";
import styles from "./advertiser.module.css";

/** Who is suspended or reinstated: a row of the list, or a risk case's affiliate. */
export type SuspensionTarget = Pick<SummaryRow, "user_id" | "name" | "email" | "fraud_user">;

export interface SuspensionDialogProps {
  /** The affiliate to suspend or reinstate; the dialog is open while set. */
  affiliate: SuspensionTarget | null;
  onClose(): void;
  /** Suspends or reinstates; rejects with the refusal. */
  onConfirm(affiliate: SuspensionTarget, reason: string): Promise<void>;
}

export function SuspensionDialog({ affiliate, onClose, onConfirm }: SuspensionDialogProps) {
  // Keyed by the affiliate, so the reason and any error start afresh for each.
  return affiliate ? (
    <SuspensionForm key={affiliate.user_id} affiliate={affiliate} onClose={onClose} onConfirm={onConfirm} />
  ) : null;
}

function SuspensionForm({ affiliate, onClose, onConfirm }: SuspensionDialogProps & { affiliate: SuspensionTarget }) {
  const [reason, setReason] = useState("");
  const saving = useAction();
  const suspending = !affiliate.fraud_user;
  const name = affiliate.name || affiliate.email || affiliate.user_id;

  function confirm() {
    if (suspending && reason.trim() === "") {
      return saving.say({ tone: "error", text: "Say why: the affiliate is told the reason." });
    }
    void saving.run(async () => {
      await onConfirm(affiliate, reason.trim());
      onClose();
    });
  }

  return (
    <Dialog
      open
      title={suspending ? `Suspend ${name}?` : `Reinstate ${name}?`}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <Button onClick={confirm} disabled={saving.busy} aria-busy={saving.busy}>
          {saving.busy ? "Saving…" : suspending ? "Suspend" : "Reinstate"}
        </Button>
      }
    >
      {suspending ? (
        <>
          <p>
            Their links keep working, but new sales earn no commission and no payout can be requested or paid until they
            are reinstated. They are e-mailed the reason.
          </p>
          <ReasonField
            label="Reason (sent to the affiliate)"
            value={reason}
            onChange={setReason}
            refused={saving.message !== null}
          />
        </>
      ) : (
        <p>
          Their new sales earn commission again and they can request payouts. Sales made while suspended stay at $0.
        </p>
      )}
      {saving.message ? <Message tone={saving.message.tone}>{saving.message.text}</Message> : null}
    </Dialog>
  );
}

/** The reason a staff member must give (a suspension's, a risk case's resolution): at most 500 characters. */
export function ReasonField({
  label,
  value,
  onChange,
  refused,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Whether asking was refused: an empty reason is then marked invalid. */
  refused: boolean;
}) {
  return (
    <label className={styles["suspension-reason"]}>
      <span>{label}</span>
      <textarea
        value={value}
        maxLength={500}
        rows={3}
        required
        aria-invalid={refused && value.trim() === ""}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
