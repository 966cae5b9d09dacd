import { useState, type FormEvent } from "react";
import type { User } from "firebase/auth";
import { balanceCents } from "@domain/balance";
import { formatInvoiceDate } from "@domain/invoice";
import type { AffiliateDoc } from "@domain/model";
import { formatDollars, formatDollarsFixed } from "@domain/money";
import {
  accountTypes,
  detailLabels,
  payoutDetailsRequestSchema,
  payoutTypes,
  toDetailsRequest,
  toStoredDetails,
  type PayoutDetailsRequest,
} from "@domain/payout-details";
import { minimumPayoutCents, nextPayoutAllowedAt, payoutMessages, payoutRefusal } from "@domain/payout-eligibility";
import { callApi, callApiForPdf, saveFile } from "../../lib/api";

type Form = Required<{ [K in keyof PayoutDetailsRequest]: string }>;

interface Props {
  user: User;
  affiliate: AffiliateDoc;
  readOnly: boolean;
}

type Message = { kind: "success" | "error"; text: string } | null;

/** SPEC.md §2: the payout section and the details form, with SPEC.md §5's rules and §8's messages. */
export function PayoutSection({ user, affiliate, readOnly }: Props) {
  const [form, setForm] = useState<Form>(() => toDetailsRequest(affiliate) as Form);
  const [busy, setBusy] = useState<"details" | "payout" | "invoice" | null>(null);
  const [detailsMessage, setDetailsMessage] = useState<Message>(null);
  const [payoutMessage, setPayoutMessage] = useState<Message>(null);
  const balance = balanceCents({
    earningsCents: affiliate.total_earnings_cents,
    refundedCents: affiliate.total_refunded_cents,
    payoutsCents: affiliate.total_payouts_cents,
  });
  const now = new Date();
  const nextAllowed = nextPayoutAllowedAt(affiliate.last_payout, now);

  const set = (field: keyof Form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  async function updateDetails(event: FormEvent) {
    event.preventDefault();
    setDetailsMessage(null);
    const checked = payoutDetailsRequestSchema.safeParse(form);
    if (!checked.success) {
      const problem = checked.error.issues[0]?.message ?? "Invalid details.";
      return setDetailsMessage({ kind: "error", text: `Failed to update details: ${problem}` });
    }
    setBusy("details");
    try {
      await callApi(user, "POST", "/api/update_paypal_account", form);
      setDetailsMessage({ kind: "success", text: "Details successfully updated." });
    } catch (error) {
      setDetailsMessage({ kind: "error", text: `Failed to update details: ${(error as Error).message}` });
    } finally {
      setBusy(null);
    }
  }

  async function requestPayout() {
    setPayoutMessage(null);
    // SPEC.md §8's alerts, checked here first (the server checks everything again).
    const refusal = payoutRefusal(
      {
        details: toStoredDetails(form as PayoutDetailsRequest as Parameters<typeof toStoredDetails>[0]),
        fraudUser: affiliate.fraud_user,
        payoutPending: affiliate.payout_pending,
        lastPayout: affiliate.last_payout,
        earningsCents: affiliate.total_earnings_cents,
        refundedCents: affiliate.total_refunded_cents,
        payoutsCents: affiliate.total_payouts_cents,
      },
      new Date(),
    );
    if (refusal) {
      window.alert(payoutMessages[refusal]);
      return;
    }
    setBusy("payout");
    try {
      const invoice = await callApiForPdf(user, "/api/request_payout", { ...form, price: formatDollarsFixed(balance) });
      saveFile(invoice);
      setPayoutMessage({ kind: "success", text: `Payout requested: your invoice ${invoice.fileName} was downloaded.` });
    } catch (error) {
      setPayoutMessage({ kind: "error", text: `Failed to request payout: ${(error as Error).message}` });
    } finally {
      setBusy(null);
    }
  }

  async function downloadInvoice() {
    if (!affiliate.latest_invoice) return;
    setBusy("invoice");
    try {
      saveFile(
        await callApiForPdf(user, "/api/download_invoice", { invoice_number: affiliate.latest_invoice.invoice_number }),
      );
    } catch (error) {
      window.alert((error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const invoice = affiliate.latest_invoice;
  return (
    <section aria-labelledby="payout" className="dashboard-section">
      <h2 id="payout">Payout</h2>
      <div className="payout-summary">
        <div>
          <span className="stat-label">Available balance</span>
          <span className="stat-value">{formatDollars(balance)}</span>
          <span className="muted small">Minimum payout {formatDollars(minimumPayoutCents)}, one payout a month.</span>
        </div>
        <div className="payout-status" aria-live="polite">
          {affiliate.payout_pending && invoice ? (
            <p className="status status-pending">
              Payout pending: {formatDollars(invoice.amount_cents)} requested on {formatInvoiceDate(invoice.issued_at)}{" "}
              (invoice {invoice.invoice_number}).
            </p>
          ) : affiliate.last_payout ? (
            <p className="status">
              Last payout {formatInvoiceDate(affiliate.last_payout)}.
              {nextAllowed ? ` Next payout possible from ${formatInvoiceDate(nextAllowed)}.` : ""}
            </p>
          ) : (
            <p className="status muted">No payouts yet.</p>
          )}
          <div className="inline">
            {readOnly ? null : (
              <button type="button" className="button button-primary" onClick={requestPayout} disabled={busy !== null}>
                {busy === "payout" ? "Requesting…" : "Request Payout"}
              </button>
            )}
            {invoice ? (
              <button type="button" className="button button-ghost" onClick={downloadInvoice} disabled={busy !== null}>
                Download invoice {invoice.invoice_number}
              </button>
            ) : null}
          </div>
        </div>
      </div>
      {payoutMessage ? <p className={`message message-${payoutMessage.kind}`}>{payoutMessage.text}</p> : null}

      <form className="details-form" onSubmit={updateDetails} noValidate aria-labelledby="details-heading">
        <h3 id="details-heading">Payout Details</h3>
        <fieldset disabled={readOnly || busy !== null}>
          <div className="form-grid">
            <Field
              id="name"
              label={detailLabels.name}
              required
              value={form.name}
              onChange={set("name")}
              autoComplete="name"
            />
            <Field
              id="company"
              label={detailLabels.company}
              required
              value={form.company}
              onChange={set("company")}
              autoComplete="organization"
            />
            <Field
              id="address"
              label={detailLabels.address}
              required
              value={form.address}
              onChange={set("address")}
              autoComplete="street-address"
            />
            <Field
              id="city"
              label={detailLabels.city}
              required
              value={form.city}
              onChange={set("city")}
              autoComplete="address-level2"
            />
            <Field
              id="postCode"
              label={detailLabels.post_code}
              required
              value={form.postCode}
              onChange={set("postCode")}
              autoComplete="postal-code"
            />
            <Field
              id="country"
              label={detailLabels.country}
              required
              value={form.country}
              onChange={set("country")}
              autoComplete="country-name"
            />
            <Field
              id="invoiceEmail"
              label={detailLabels.invoice_email}
              required
              type="email"
              value={form.invoiceEmail}
              onChange={set("invoiceEmail")}
              autoComplete="email"
            />
            <Field
              id="tax"
              label={detailLabels.tax}
              value={form.tax}
              onChange={set("tax")}
              hint="Needed to request a payout."
            />
            <div className="field">
              <label htmlFor="payoutType">Payout Method</label>
              <select
                id="payoutType"
                value={form.payoutType}
                onChange={(event) => set("payoutType")(event.target.value)}
              >
                {payoutTypes.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
            </div>
            {form.payoutType === "Wise" ? (
              <Field
                id="paypalEmail"
                label={detailLabels.paypal_payout_account}
                required
                type="email"
                value={form.paypalEmail}
                onChange={set("paypalEmail")}
              />
            ) : null}
            {form.payoutType === "Crypto (TRON)" ? (
              <Field
                id="tronAddress"
                label={detailLabels.tron_address}
                required
                value={form.tronAddress}
                onChange={set("tronAddress")}
                hint="A TRC-20 address: 34 characters starting with T."
              />
            ) : null}
            {form.payoutType === "Wire Transfer" ? (
              <>
                <Field
                  id="fedwireRoutingNumber"
                  label={detailLabels.fedwire_routing_number}
                  required
                  type="number"
                  value={form.fedwireRoutingNumber}
                  onChange={set("fedwireRoutingNumber")}
                />
                <Field
                  id="bankAccountNumber"
                  label={detailLabels.bank_account_number}
                  required
                  value={form.bankAccountNumber}
                  onChange={set("bankAccountNumber")}
                />
                <div className="field">
                  <label htmlFor="accountType">
                    {detailLabels.account_type}{" "}
                    <span className="required" aria-hidden="true">
                      *
                    </span>
                  </label>
                  <select
                    id="accountType"
                    value={form.accountType}
                    required
                    onChange={(event) => set("accountType")(event.target.value)}
                  >
                    {accountTypes.map((type) => (
                      <option key={type}>{type}</option>
                    ))}
                  </select>
                </div>
                <Field id="swiftBIC" label={detailLabels.swift_BIC} value={form.swiftBIC} onChange={set("swiftBIC")} />
              </>
            ) : null}
          </div>
          {readOnly ? null : (
            <button type="submit" className="button button-primary">
              {busy === "details" ? "Saving…" : "Update Details"}
            </button>
          )}
        </fieldset>
        <div aria-live="polite">
          {detailsMessage ? <p className={`message message-${detailsMessage.kind}`}>{detailsMessage.text}</p> : null}
        </div>
      </form>
    </section>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  type?: "text" | "email" | "number";
  autoComplete?: string;
  hint?: string;
}

function Field({ id, label, value, onChange, required, type = "text", autoComplete, hint }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}{" "}
        {required ? (
          <span className="required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        // SPEC.md §5: a number input loses focus on the mouse wheel, so scrolling the page never changes it.
        onWheel={type === "number" ? (event) => event.currentTarget.blur() : undefined}
        inputMode={type === "number" ? "numeric" : undefined}
      />
      {hint ? (
        <span id={`${id}-hint`} className="muted small">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
