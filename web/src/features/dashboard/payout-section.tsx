import { useState, type FormEvent } from "react";
import type { User } from "firebase/auth";
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
import { minimumPayoutCents, nextPayoutAllowedAt, payoutMessages, payoutRefusalOf } from "@domain/payout-eligibility";
import { Button } from "../../components/ui/button";
import { Field, type FieldProps } from "../../components/ui/field";
import { balanceOf } from "@domain/balance";
import { saveFile } from "../../lib/api";
import {
  downloadInvoice as fetchInvoice,
  requestPayout as askForPayout,
  updateDetails as saveDetails,
  type DetailsForm,
} from "./dashboard-api";
import styles from "./dashboard.module.css";

type Form = DetailsForm;

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
  const balance = balanceOf(affiliate);
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
      await saveDetails(user, form);
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
    // The details as typed in the form, not yet saved, are what the request sends.
    const typed = toStoredDetails(form as PayoutDetailsRequest as Parameters<typeof toStoredDetails>[0]);
    const refusal = payoutRefusalOf({ ...affiliate, ...typed }, new Date());
    if (refusal) {
      window.alert(payoutMessages[refusal]);
      return;
    }
    setBusy("payout");
    try {
      const invoice = await askForPayout(user, form, formatDollarsFixed(balance));
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
      saveFile(await fetchInvoice(user, affiliate.latest_invoice.invoice_number));
    } catch (error) {
      window.alert((error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const invoice = affiliate.latest_invoice;
  return (
    <section aria-labelledby="payout" className={styles["dashboard-section"]}>
      <h2 id="payout">Payout</h2>
      <div className={styles["payout-summary"]}>
        <div>
          <span className={styles["stat-label"]}>Available balance</span>
          <span className={styles["stat-value"]}>{formatDollars(balance)}</span>
          <span className={`muted ${styles.small}`}>
            Minimum payout {formatDollars(minimumPayoutCents)}, one payout a month.
          </span>
        </div>
        <div className={styles["payout-status"]} aria-live="polite">
          {affiliate.payout_pending && invoice ? (
            <p className={`${styles.status} ${styles["status-pending"]}`}>
              Payout pending: {formatDollars(invoice.amount_cents)} requested on {formatInvoiceDate(invoice.issued_at)}{" "}
              (invoice {invoice.invoice_number}).
            </p>
          ) : affiliate.last_payout ? (
            <p className={styles.status}>
              Last payout {formatInvoiceDate(affiliate.last_payout)}.
              {nextAllowed ? ` Next payout possible from ${formatInvoiceDate(nextAllowed)}.` : ""}
            </p>
          ) : (
            <p className={`${styles.status} muted`}>No payouts yet.</p>
          )}
          <div className={styles.inline}>
            {readOnly ? null : (
              <Button onClick={requestPayout} disabled={busy !== null}>
                {busy === "payout" ? "Requesting…" : "Request Payout"}
              </Button>
            )}
            {invoice ? (
              <Button variant="ghost" onClick={downloadInvoice} disabled={busy !== null}>
                Download invoice {invoice.invoice_number}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {payoutMessage ? <p className={`message message-${payoutMessage.kind}`}>{payoutMessage.text}</p> : null}

      <form className={styles["details-form"]} onSubmit={updateDetails} noValidate aria-labelledby="details-heading">
        <h3 id="details-heading">Payout Details</h3>
        {affiliate.payout_pending && invoice ? (
          <p className={`muted ${styles.small}`}>
            Your pending payout goes to the details on its invoice ({invoice.invoice_number}). Changes you save now
            apply from your next payout.
          </p>
        ) : null}
        <fieldset disabled={readOnly || busy !== null}>
          <div className={styles["form-grid"]}>
            {[...detailFields, ...(methodFields[form.payoutType as PayoutType] ?? [])].map((field) => (
              <Field key={field.id} {...field} value={form[field.id]} onChange={set(field.id)} />
            ))}
          </div>
          {readOnly ? null : <Button type="submit">{busy === "details" ? "Saving…" : "Update Details"}</Button>}
        </fieldset>
        <div aria-live="polite">
          {detailsMessage ? <p className={`message message-${detailsMessage.kind}`}>{detailsMessage.text}</p> : null}
        </div>
      </form>
    </section>
  );
}

type FieldSpec = Omit<FieldProps, "id" | "value" | "onChange"> & { id: keyof Form };

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
