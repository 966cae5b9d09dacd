/** A settings form's last row: its save button (busy while saving), Cancel, and what the save said. */
import { Button } from "../../components/ui/button";
import { Message } from "../../components/ui/message";
import type { Action } from "../../components/ui/use-action";
import styles from "./advertiser.module.css";

export function SaveOrCancel({ saving, label, onCancel }: { saving: Action; label: string; onCancel(): void }) {
  return (
    <>
      <div className={styles["affiliate-actions"]}>
        <Button type="submit" size="small" disabled={saving.busy} aria-busy={saving.busy}>
          {saving.busy ? "Saving…" : label}
        </Button>
        <Button type="button" variant="ghost" size="small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {saving.message ? <Message tone={saving.message.tone}>{saving.message.text}</Message> : null}
    </>
  );
}
