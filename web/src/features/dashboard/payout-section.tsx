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
  type PayoutType,
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
            {[...detailFields, ...(methodFields[form.payoutType as PayoutType] ?? [])].map((field) => (
              <Field key={field.id} {...field} value={form[field.id]} onChange={set(field.id)} />
            ))}
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

interface FieldSpec {
  id: keyof Form;
  label: string;
  required?: boolean;
  type?: "text" | "email" | "number";
  /** A select of these instead of an input. */
  options?: readonly string[];
  autoComplete?: string;
  hint?: string;
}

/** The details every payout method needs, then the method (SPEC.md §2's form, in its order). */
const detailFields: FieldSpec[] = [
  { id: "name", label: detailLabels.name, required: true, autoComplete: "name" },
  { id: "company", label: detailLabels.company, required: true, autoComplete: "organization" },
  { id: "address", label: detailLabels.address, required: true, autoComplete: "street-address" },
  { id: "city", label: detailLabels.city, required: true, autoComplete: "address-level2" },
  { id: "postCode", label: detailLabels.post_code, required: true, autoComplete: "postal-code" },
  { id: "country", label: detailLabels.country, required: true, autoComplete: "country-name" },
  { id: "invoiceEmail", label: detailLabels.invoice_email, required: true, type: "email", autoComplete: "email" },
  { id: "tax", label: detailLabels.tax, hint: "Needed to request a payout." },
  { id: "payoutType", label: "Payout Method", options: payoutTypes },
];

/** What each payout method asks for besides. */
const methodFields: Record<PayoutType, FieldSpec[]> = {
  Wise: [{ id: "paypalEmail", label: detailLabels.paypal_payout_account, required: true, type: "email" }],
  "Crypto (TRON)": [
    {
      id: "tronAddress",
      label: detailLabels.tron_address,
      required: true,
      hint: "A TRC-20 address: 34 characters starting with T.",
    },
  ],
  "Wire Transfer": [
    { id: "fedwireRoutingNumber", label: detailLabels.fedwire_routing_number, required: true, type: "number" },
    { id: "bankAccountNumber", label: detailLabels.bank_account_number, required: true },
    { id: "accountType", label: detailLabels.account_type, required: true, options: accountTypes },
    { id: "swiftBIC", label: detailLabels.swift_BIC },
  ],
};

interface FieldProps extends FieldSpec {
  value: string;
  onChange: (value: string) => void;
}

function Field({ id, label, value, onChange, required, type = "text", options, autoComplete, hint }: FieldProps) {
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
      {options ? (
        <select id={id} value={value} required={required} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : (
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
      )}
      {hint ? (
        <span id={`${id}-hint`} className="muted small">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
