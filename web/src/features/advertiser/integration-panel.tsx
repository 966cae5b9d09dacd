/**
 * The postback integration (issue 18), per advertiser: the URL to paste into the payment platform, its
 * tokens (rotated with a week's overlap), a test conversion, and the last 100 postbacks received with what
 * came of each, so an integration can be debugged without reading logs.
 *
 * The token is a password for the advertiser's postbacks: wherever the panel shows it (the token itself, the
 * postback URL, the test URL), it shows it masked until staff press Reveal, one switch for the whole panel;
 * Copy always copies the real value.
 */
import { useId, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { advertisers, type AdvertiserId } from "@domain/advertisers";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { Table, type Column } from "../../components/ui/table";
import { useAction } from "../../components/ui/use-action";
import { CopyButton, type CopyButtonProps } from "../../components/ui/copy-button";
import type { IntegrationView as Integration } from "@contract/integration";
import type { PostbackOutcome } from "@domain/inbound-postback";
import { fetchIntegration, revokeToken, rotateToken, sendTestConversion, type TestConversion } from "./advertiser-api";
import { formatMoment } from "../../lib/dates";
import { PerAdvertiserPanel } from "./disclosure-panel";
import styles from "./advertiser.module.css";

/** What each macro of the URL is filled with by the platform. */
const macros: [string, string][] = [
  ["click_id", "the click_id our tracking link added to the landing URL"],
  ["event", "sign_up, sale, refund or chargeback"],
  ["amount", "what the customer paid (a sale) or got back (a refund; leave empty for all of it), in dollars: 19.99"],
  ["currency", "USD"],
  ["transaction_id", "your unique id for this event: a retry with the same id is answered the same and counted once"],
  ["repeat_index", "0 for a first payment, 1, 2 … for renewals (or send renewal=1)"],
  ["sale_id", "for a refund or chargeback: the transaction_id of the sale"],
];

export const outcomeLabels: Record<PostbackOutcome, string> = {
  applied: "Applied",
  duplicate: "Duplicate",
  pending: "Held for its sale",
  ignored: "Ignored",
  refused: "Refused",
  test: "Test",
};

/**
 * A token as shown while hidden: its kind ("pbt_") and its last four characters, enough to tell the current
 * token from the previous one and to match the one set in a platform, and nothing of the secret between.
 */
export function maskToken(token: string): string {
  const kind = /^[a-z]{1,8}_/.exec(token)?.[0] ?? "";
  return `${kind}${"•".repeat(12)}${token.slice(-4)}`;
}

/** `text` (a token, or a URL carrying one) with every one of `tokens` in it masked. */
export function maskTokens(text: string, tokens: readonly string[]): string {
  return tokens.reduce((shown, token) => shown.split(token).join(maskToken(token)), text);
}

/** Whether the panel shows tokens whole, and how it shows a text that may carry one. */
interface Secrecy {
  /** The text as the panel shows it: masked until Reveal. */
  shown(text: string): string;
  reveal(): void;
}

const outcomeFilters = ["all", "refused", "applied", "duplicate", "pending", "ignored", "test"] as const;
type OutcomeFilter = (typeof outcomeFilters)[number];

export function IntegrationPanel({ user }: { user: User }) {
  return (
    <PerAdvertiserPanel
      id="integration"
      heading="Postback integration"
      lead="Connect your payment platform: the postback URL and its token, a test conversion, and the last 100 postbacks received."
    >
      {(advertiser) => <IntegrationView key={advertiser} user={user} advertiser={advertiser} />}
    </PerAdvertiserPanel>
  );
}

function IntegrationView({ user, advertiser }: { user: User; advertiser: AdvertiserId }) {
  const queryClient = useQueryClient();
  const key = ["integration", user.uid, advertiser];
  const integration = useQuery({ queryKey: key, queryFn: () => fetchIntegration(user, advertiser) });
  const changing = useAction();
  const [revealed, setRevealed] = useState(false);
  const secrecyNote = useId();

  /** Runs a change; its answer is the new state of the page, or its refusal is said in the page. */
  const change = (action: () => Promise<Integration>): Promise<boolean> =>
    changing.run(async () => {
      queryClient.setQueryData(key, await action());
    });

  if (integration.isPending) return <p className="muted">Loading the integration…</p>;
  if (integration.isError) {
    return (
      <Message tone="error" announce={false}>
        The integration could not be loaded: {integration.error.message}
      </Message>
    );
  }
  const data = integration.data;
  const tokens = data.tokens.map((entry) => entry.token);
  const secrecy: Secrecy = {
    shown: (text) => (revealed ? text : maskTokens(text, tokens)),
    reveal: () => setRevealed(true),
  };
  return (
    <div className={styles.integration}>
      {changing.message ? <Message tone={changing.message.tone}>{changing.message.text}</Message> : null}
      {tokens.length > 0 ? (
        <div className={styles["integration-url"]}>
          <span className="muted" id={secrecyNote}>
            {revealed
              ? "The token is shown whole. Hide it before sharing your screen."
              : "The token is masked wherever it appears; Copy still copies it whole."}
          </span>
          <Button size="small" variant="ghost" aria-describedby={secrecyNote} onClick={() => setRevealed(!revealed)}>
            {revealed ? "Hide the token" : "Reveal the token"}
          </Button>
        </div>
      ) : null}
      <PostbackUrl data={data} secrecy={secrecy} onCreate={() => void change(() => rotateToken(user, advertiser))} />
      <Tokens
        data={data}
        secrecy={secrecy}
        onRotate={() => change(() => rotateToken(user, advertiser))}
        onRevoke={(token) => change(() => revokeToken(user, advertiser, token))}
      />
      <TestConversionForm
        user={user}
        advertiser={advertiser}
        testUrl={data.test_url}
        secrecy={secrecy}
        onSent={() => void integration.refetch()}
      />
      <ReceivedPostbacks data={data} refreshing={integration.isFetching} onRefresh={() => void integration.refetch()} />
    </div>
  );
}

/** Copy for a value the panel may show masked: it copies the real value, revealed first if copying is refused. */
const CopySecret = ({
  secrecy,
  ...props
}: Omit<CopyButtonProps, "onRefused" | "refusalClassName"> & { secrecy: Secrecy }) => (
  <CopyButton {...props} onRefused={secrecy.reveal} refusalClassName={styles["payout-refusal"]} />
);

function PostbackUrl({ data, secrecy, onCreate }: { data: Integration; secrecy: Secrecy; onCreate(): void }) {
  const url = useRef<HTMLElement>(null);
  const name = advertisers[data.advertiser].name;
  return (
    <section aria-labelledby="postback-url" className={styles["integration-part"]}>
      <h3 id="postback-url">Postback URL</h3>
      {data.postback_url ? (
        <>
          <p className="muted">
            Paste it into your payment platform as the postback (server-to-server) URL for {name}; it fills in the
            macros in braces. GET and POST both work (a form or JSON body), and a POST may be signed with the events
            API&apos;s X-Signature instead of the token.
          </p>
          <div className={styles["integration-url"]}>
            <code ref={url}>{secrecy.shown(data.postback_url)}</code>
            <CopySecret
              value={data.postback_url}
              label="Copy the postback URL"
              from={() => url.current}
              secrecy={secrecy}
            />
          </div>
        </>
      ) : (
        <p>
          {name} has no postback token yet.{" "}
          <Button size="small" onClick={onCreate}>
            Create token
          </Button>
        </p>
      )}
      <dl className={styles["integration-macros"]}>
        {macros.map(([macro, meaning]) => (
          <div key={macro}>
            <dt>
              <code>{`{${macro}}`}</code>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        Clicks can be credited for {data.attribution_window_days} days; a converted click stays credited for its
        renewals and refunds.
      </p>
    </section>
  );
}

function Tokens({
  data,
  secrecy,
  onRotate,
  onRevoke,
}: {
  data: Integration;
  secrecy: Secrecy;
  onRotate(): Promise<boolean>;
  onRevoke(token: string): Promise<boolean>;
}) {
  const [confirming, setConfirming] = useState<"rotate" | { revoke: string } | null>(null);
  const [current, ...previous] = data.tokens;
  const tokenText = useRef<HTMLElement>(null);
  if (!current) return null;

  async function confirm() {
    const action = confirming;
    setConfirming(null);
    if (action === "rotate") await onRotate();
    else if (action) await onRevoke(action.revoke);
  }

  return (
    <section aria-labelledby="postback-tokens" className={styles["integration-part"]}>
      <h3 id="postback-tokens">Token</h3>
      <div className={styles["integration-url"]}>
        <code ref={tokenText} aria-label="Current token">
          {secrecy.shown(current.token)}
        </code>
        <CopySecret
          value={current.token}
          label="Copy the current token"
          from={() => tokenText.current}
          secrecy={secrecy}
        />
        <Button size="small" variant="ghost" onClick={() => setConfirming("rotate")}>
          Rotate token
        </Button>
      </div>
      <p className="muted">
        Made {formatMoment(new Date(current.created_at))}
        {current.created_by ? ` by ${current.created_by}` : ""}.
      </p>
      {previous.map((token) => (
        <p key={token.token} className={styles["integration-previous"]}>
          The previous token ({secrecy.shown(token.token)}) still works until{" "}
          {token.expires_at ? formatMoment(new Date(token.expires_at)) : "revoked"}.{" "}
          <Button size="small" variant="ghost" onClick={() => setConfirming({ revoke: token.token })}>
            Revoke now
          </Button>
        </p>
      ))}
      <Dialog
        open={confirming !== null}
        title={confirming === "rotate" ? "Rotate the token?" : "Revoke the previous token?"}
        onClose={() => setConfirming(null)}
        closeLabel="Cancel"
        actions={<Button onClick={() => void confirm()}>{confirming === "rotate" ? "Rotate" : "Revoke"}</Button>}
      >
        <p>
          {confirming === "rotate"
            ? "A new token replaces this one in the postback URL. The current token keeps working for 7 days, so you can update your platform; any older token stops now."
            : "Postbacks sent with the previous token will be refused from now on. Make sure your platform uses the current one."}
        </p>
      </Dialog>
    </section>
  );
}

function TestConversionForm({
  user,
  advertiser,
  testUrl,
  secrecy,
  onSent,
}: {
  user: User;
  advertiser: AdvertiserId;
  testUrl: string | null;
  secrecy: Secrecy;
  onSent(): void;
}) {
  const [event, setEvent] = useState<"sign_up" | "sale">("sale");
  const [amount, setAmount] = useState("19.99");
  const sending = useAction();
  const [sent, setSent] = useState<TestConversion | null>(null);
  const urlText = useRef<HTMLElement>(null);

  const send = () =>
    sending.run(async () => {
      setSent(await sendTestConversion(user, advertiser, event, amount));
      onSent();
    });

  return (
    <section aria-labelledby="test-conversion" className={styles["integration-part"]}>
      <h3 id="test-conversion">Test conversion</h3>
      <p className="muted">
        Sends a postback for a test click through the same checks as a real one. It is logged as a test and credits
        nobody.
      </p>
      <form
        className={styles["integration-test"]}
        onSubmit={(submitted) => {
          submitted.preventDefault();
          void send();
        }}
      >
        <label>
          <span>Event</span>
          <select value={event} onChange={(changed) => setEvent(changed.target.value as "sign_up" | "sale")}>
            <option value="sale">Sale</option>
            <option value="sign_up">Sign-up</option>
          </select>
        </label>
        {event === "sale" ? (
          <label>
            <span>Amount ($)</span>
            <input value={amount} inputMode="decimal" onChange={(changed) => setAmount(changed.target.value)} />
          </label>
        ) : null}
        <Button type="submit" size="small" disabled={sending.busy} aria-busy={sending.busy}>
          {sending.busy ? "Sending…" : "Send a test conversion"}
        </Button>
      </form>
      {sending.message ? (
        <Message tone={sending.message.tone}>{sending.message.text}</Message>
      ) : sent ? (
        <Message>
          {sent.outcome.detail ?? sent.outcome.status} Test click id: <code>{sent.click_id}</code>
        </Message>
      ) : null}
      {testUrl ? (
        <div className={styles["integration-url"]}>
          <span className="muted">Or fire a test sale from your platform:</span>
          <code ref={urlText}>{secrecy.shown(testUrl)}</code>
          <CopySecret value={testUrl} label="Copy the test URL" from={() => urlText.current} secrecy={secrecy} />
        </div>
      ) : null}
    </section>
  );
}

type Received = Integration["recent"][number];

const receivedColumns: Column<Received>[] = [
  { header: "Received", cell: (entry) => formatMoment(new Date(entry.received_at)) },
  {
    header: "Outcome",
    cell: (entry) => (
      <>
        <span className={`${styles["outcome-badge"]} ${styles[`outcome-${entry.outcome}`] ?? ""}`}>
          {outcomeLabels[entry.outcome]}
        </span>
        {entry.reason ? <span className={styles["outcome-reason"]}>{entry.reason}</span> : null}
      </>
    ),
  },
  { header: "Event", cell: (entry) => entry.event ?? "—" },
  { header: "Transaction", cell: (entry) => entry.transaction_id ?? "—" },
  { header: "Amount", number: true, cell: (entry) => entry.amount ?? "—" },
  { header: "Status", cell: (entry) => entry.status },
  { header: "Click id", wide: true, cell: (entry) => (entry.click_id ? <code>{entry.click_id}</code> : "—") },
  { header: "Method", cell: (entry) => entry.method },
];

function ReceivedPostbacks({
  data,
  refreshing,
  onRefresh,
}: {
  data: Integration;
  refreshing: boolean;
  onRefresh(): void;
}) {
  const [filter, setFilter] = useState<OutcomeFilter>("all");
  const shown = filter === "all" ? data.recent : data.recent.filter((entry) => entry.outcome === filter);
  return (
    <section aria-labelledby="received-postbacks" className={styles["integration-part"]}>
      <div className={styles["integration-log-header"]}>
        <h3 id="received-postbacks">Postbacks received</h3>
        <label>
          <span>Show</span>
          <select value={filter} onChange={(changed) => setFilter(changed.target.value as OutcomeFilter)}>
            {outcomeFilters.map((value) => (
              <option key={value} value={value}>
                {value === "all" ? "All" : outcomeLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <Button size="small" variant="ghost" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
      {shown.length === 0 ? (
        <p className="muted">
          {data.recent.length === 0 ? "No postback received yet." : "No postback received with that outcome."}
        </p>
      ) : (
        <div
          className={styles["integration-log"]}
          tabIndex={0}
          role="region"
          aria-label="Postbacks received, newest first"
        >
          <Table columns={receivedColumns} rows={shown} rowKey={(entry) => entry.id} />
        </div>
      )}
    </section>
  );
}
