/**
 * The affiliate's postbacks (issue 18): URLs of their own tracker (Voluum, RedTrack, Binom ...) that the
 * programme calls when a conversion credits them, with their sub-ids and commission filled in; a test call;
 * and the log of every call. The admin viewing someone's dashboard sees them read-only. Deleting one asks
 * first (issue 32), naming it.
 */
import { useId, useRef, useState } from "react";
import type { User } from "firebase/auth";
import { advertiserIds, advertisers, type AdvertiserId } from "@domain/advertisers";
import type { AffiliateDoc } from "@domain/model";
import {
  allLinks,
  maxPostbacks,
  outboundEvents,
  outboundMacros,
  plainDeliveryError,
  type DeliveryOutcome,
  type OutboundEvent,
  type DeliveryDoc,
  type OutboundPostback,
} from "@domain/outbound-postbacks";
import { Button } from "../../components/ui/button";
import { formatMoment } from "../../lib/dates";
import { Dialog } from "../../components/ui/dialog";
import { Message, type Said } from "../../components/ui/message";
import { Table, type Column } from "../../components/ui/table";
import { useAction } from "../../components/ui/use-action";
import { deletePostback, savePostback, testPostback, type PostbackDraft, type PostbackTest } from "./dashboard-api";
import { usePostbackDeliveries } from "./use-affiliate";
import styles from "./dashboard.module.css";

const eventLabels: Record<OutboundEvent, string> = {
  sign_up: "Sign-ups",
  sale: "Sales",
  refund: "Refunds (negative payout)",
  chargeback: "Chargebacks (negative payout)",
};

const outcomeLabels: Record<DeliveryOutcome, string> = {
  delivered: "Delivered",
  retrying: "Failed, will retry",
  gave_up: "Gave up",
  refused: "Refused",
};

const macroHelp: Record<(typeof outboundMacros)[number], string> = {
  sub1: "your sub-ids from the link",
  sub2: "",
  sub3: "",
  sub4: "",
  sub5: "",
  click_id: "our click id",
  event: "sign_up, sale, refund or chargeback",
  payout: "your commission in dollars (negative for a clawback)",
  currency: "USD",
  transaction_id: "the advertiser's id for the conversion",
};

function linkLabel(tracker: string): string {
  if (tracker === allLinks) return "All links";
  return tracker === "default" ? "Default link" : tracker;
}

/** A postback as the affiliate knows it: its advertiser and link ("Promptchan · /tw"). */
function postbackName(postback: OutboundPostback): string {
  return `${advertisers[postback.advertiser].name} · ${linkLabel(postback.tracker)}`;
}

export function PostbacksSection({
  user,
  affiliate,
  readOnly,
}: {
  user: User;
  affiliate: AffiliateDoc;
  readOnly: boolean;
}) {
  const postbacks = affiliate.postbacks ?? [];
  // The postback being edited (a draft without an id is a new one); none while the form is closed.
  const [editing, setEditing] = useState<PostbackDraft | null>(null);
  // Deleting or testing a postback, and what the last of them (or a save) said.
  const acting = useAction();
  // The postback whose deletion is being confirmed; none while no dialog is open.
  const [deleting, setDeleting] = useState<OutboundPostback | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /** Deletes the confirmed postback; focus then goes to the section, as the item it was on is gone. */
  async function remove(postback: OutboundPostback) {
    setDeleting(null);
    const deleted = await acting.run(async () => {
      await deletePostback(user, postback.id);
      return { tone: "info", text: "Postback deleted." };
    });
    if (deleted) heading.current?.focus();
  }

  const test = (postback: OutboundPostback) =>
    acting.run(async () => describeTest(await testPostback(user, postback.id)));

  return (
    <section aria-labelledby="postbacks" className={styles["dashboard-section"]}>
      <h2 id="postbacks" ref={heading} tabIndex={-1}>
        Postbacks
      </h2>
      <p className="muted">
        Send your conversions to your own tracker: we call your URL when a sign-up, sale, refund or chargeback credits
        you, with the macros filled in. Up to {maxPostbacks} postbacks, one per link or one for all links of an
        advertiser.
      </p>
      {postbacks.length === 0 ? <p className="muted">No postbacks yet.</p> : null}
      <ul className={styles["postback-list"]}>
        {postbacks.map((postback) => (
          <li key={postback.id} className={styles["postback-item"]}>
            <div className={styles["postback-head"]}>
              <strong>{postbackName(postback)}</strong>
              <span className="muted">
                {postback.events.map((event) => eventLabels[event].split(" ")[0]).join(", ")}
              </span>
            </div>
            <code className={styles["postback-url"]}>{postback.url}</code>
            {readOnly ? null : (
              <div className={styles["postback-actions"]}>
                <Button size="small" variant="ghost" onClick={() => setEditing({ ...postback })}>
                  Edit
                </Button>
                <Button size="small" variant="ghost" onClick={() => void test(postback)}>
                  Send a test
                </Button>
                <Button
                  size="small"
                  variant="danger"
                  className={styles["postback-delete"]}
                  onClick={() => setDeleting(postback)}
                  aria-label={`Delete the postback for ${postbackName(postback)}`}
                >
                  Delete
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Dialog
        open={deleting !== null}
        title="Delete this postback?"
        onClose={() => setDeleting(null)}
        closeLabel="Cancel"
        actions={
          <Button variant="danger" onClick={() => deleting && void remove(deleting)}>
            Delete postback
          </Button>
        }
      >
        {deleting ? (
          <p>
            We will stop calling your tracker for new conversions of {postbackName(deleting)}:{" "}
            <code className={styles["postback-url"]}>{deleting.url}</code>
          </p>
        ) : null}
      </Dialog>
      {acting.message ? <Message tone={acting.message.tone}>{acting.message.text}</Message> : null}
      {readOnly ? null : editing ? (
        <PostbackForm
          key={editing.id ?? "new"}
          user={user}
          affiliate={affiliate}
          draft={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) acting.say({ tone: "info", text: "Postback saved." });
          }}
        />
      ) : postbacks.length < maxPostbacks ? (
        <Button
          size="small"
          onClick={() => {
            acting.say(null);
            setEditing({ advertiser: advertiserIds[0], tracker: allLinks, url: "", events: ["sale"] });
          }}
        >
          Add a postback
        </Button>
      ) : null}
      <DeliveryLog uid={affiliate.uid} />
    </section>
  );
}

/** What each field the API may name is called in the form. */
const fieldLabels: Record<string, string> = {
  url: "Postback URL",
  advertiser: "Advertiser",
  tracker: "Link",
  events: "Send for",
};

/** A refusal split into the field it names (if any) and its words, and as the page says it. */
function fieldRefusal(text: string | undefined): { field: string | null; text: string; said: string } | null {
  if (!text) return null;
  const named = /^(\w+): (.*)$/s.exec(text);
  const field = named && fieldLabels[named[1]!] ? named[1]! : null;
  if (!field) return { field: null, text, said: text };
  const words = named![2]!;
  return { field, text: words, said: `${fieldLabels[field]}: ${words.charAt(0).toLowerCase()}${words.slice(1)}` };
}

function describeTest(result: PostbackTest): Said {
  if (result.outcome === "delivered") {
    return { tone: "info", text: `Test delivered: your tracker answered ${result.status} in ${result.latency_ms} ms.` };
  }
  // In words a marketer uses; the technical detail stays in the delivery log below.
  return { tone: "error", text: `Test not delivered. ${plainDeliveryError(result.error)}` };
}

function PostbackForm({
  user,
  affiliate,
  draft,
  onDone,
}: {
  user: User;
  affiliate: AffiliateDoc;
  draft: PostbackDraft;
  onDone(saved: boolean): void;
}) {
  const id = useId();
  const [form, setForm] = useState<PostbackDraft>(draft);
  const saving = useAction();
  // The API names the field a refusal is about ("url: The URL must ..."): said on the field, by its label.
  const refusal = fieldRefusal(saving.message?.text);
  const urlError = refusal?.field === "url" ? refusal.text : undefined;
  const error = refusal && !urlError ? refusal.said : undefined;
  const links = affiliate.links[form.advertiser] ?? [];
  const trackers = [allLinks, "default", ...links];

  const save = () =>
    saving.run(async () => {
      await savePostback(user, { ...form, url: form.url.trim() });
      onDone(true);
    });

  const toggle = (event: OutboundEvent, on: boolean) =>
    setForm({ ...form, events: on ? [...form.events, event] : form.events.filter((chosen) => chosen !== event) });

  return (
    <form
      className={styles["postback-form"]}
      aria-label={draft.id ? "Edit the postback" : "Add a postback"}
      onSubmit={(submitted) => {
        submitted.preventDefault();
        void save();
      }}
    >
      <div className={styles["postback-fields"]}>
        <label>
          <span>Advertiser</span>
          <select
            value={form.advertiser}
            onChange={(changed) =>
              setForm({ ...form, advertiser: changed.target.value as AdvertiserId, tracker: allLinks })
            }
          >
            {advertiserIds.map((advertiser) => (
              <option key={advertiser} value={advertiser}>
                {advertisers[advertiser].name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Link</span>
          <select value={form.tracker} onChange={(changed) => setForm({ ...form, tracker: changed.target.value })}>
            {trackers.map((tracker) => (
              <option key={tracker} value={tracker}>
                {linkLabel(tracker)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className={styles["postback-url-field"]}>
        <span>Postback URL</span>
        <textarea
          value={form.url}
          rows={3}
          maxLength={1000}
          required
          placeholder="https://your-tracker.example/postback?cid={sub1}&payout={payout}&txid={transaction_id}"
          aria-invalid={urlError !== undefined}
          aria-describedby={urlError ? `${id}-url-error ${id}-macros` : `${id}-macros`}
          onChange={(changed) => setForm({ ...form, url: changed.target.value })}
        />
      </label>
      {urlError ? (
        <Message tone="error" id={`${id}-url-error`}>
          {urlError}
        </Message>
      ) : null}
      <p id={`${id}-macros`} className={`muted ${styles["postback-macros"]}`}>
        Macros:{" "}
        {outboundMacros.map((macro, index) => (
          <span key={macro}>
            <code>{`{${macro}}`}</code>
            {macroHelp[macro] ? ` ${macroHelp[macro]}` : ""}
            {index < outboundMacros.length - 1 ? "; " : "."}
          </span>
        ))}{" "}
        Only public https or http addresses on the standard port; redirects are not followed.
      </p>
      <fieldset className={styles["postback-events"]}>
        <legend>Send for</legend>
        {outboundEvents.map((event) => (
          <label key={event}>
            <input
              type="checkbox"
              checked={form.events.includes(event)}
              onChange={(changed) => toggle(event, changed.target.checked)}
            />
            {eventLabels[event]}
          </label>
        ))}
      </fieldset>
      {error ? <Message tone="error">{error}</Message> : null}
      <div className={styles["postback-actions"]}>
        <Button type="submit" size="small" disabled={saving.busy || form.events.length === 0} aria-busy={saving.busy}>
          {saving.busy ? "Saving…" : "Save postback"}
        </Button>
        <Button size="small" variant="ghost" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const deliveryColumns: Column<DeliveryDoc>[] = [
  { header: "Time", cell: (delivery) => formatMoment(delivery.at, { seconds: true }) },
  { header: "Event", cell: (delivery) => `${delivery.event}${delivery.test ? " (test)" : ""}` },
  {
    header: "Result",
    cell: (delivery) => <span title={delivery.error ?? undefined}>{outcomeLabels[delivery.outcome]}</span>,
  },
  { header: "Status", number: true, cell: (delivery) => delivery.status ?? "—" },
  { header: "Time taken", number: true, cell: (delivery) => `${delivery.latency_ms} ms` },
  { header: "Attempt", number: true, cell: (delivery) => delivery.attempt },
  { header: "URL", wide: true, className: styles["postback-log-url"], cell: (delivery) => delivery.url },
];

function DeliveryLog({ uid }: { uid: string }) {
  const deliveries = usePostbackDeliveries(uid);
  if (deliveries.status === "loading") return <p className="muted">Loading the delivery log…</p>;
  if (deliveries.status === "error") {
    return (
      <Message tone="error" announce={false}>
        The delivery log could not be loaded.
      </Message>
    );
  }
  if (deliveries.data.length === 0) return null;
  return (
    <div className={styles["table-scroll"]} tabIndex={0} role="region" aria-label="Postback deliveries, newest first">
      <Table
        caption="Delivery log (the last 100 calls)"
        columns={deliveryColumns}
        rows={deliveries.data}
        rowKey={(delivery) => `${delivery.at.getTime()}-${delivery.url}-${delivery.attempt}`}
        nowrap
      />
    </div>
  );
}
