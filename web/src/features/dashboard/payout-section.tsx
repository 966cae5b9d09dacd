import { useState, type FormEvent } from "react";
import type { User } from "firebase/auth";
import { formatInvoiceDate } from "@domain/invoice";
import type { AffiliateDoc } from "@domain/model";
import { formatDollars, formatDollarsFixed } from "@domain/money";
import {
  accountTypes,
  detailLabels,
  missingDetailFields,
  missingDetails,
  payoutTypes,
  type PayoutDetails,
  type PayoutType,
} from "@domain/payout-details";
import {
  payoutDetailsRequestSchema,
  toDetailsRequest,
  toStoredDetails,
  type PayoutDetailsRequest,
} from "@domain/payout-details-request";
import {
  defaultPayoutRules,
  nextPayoutAllowedAt,
  payoutMessage as refusalMessage,
  payoutRefusalOf,
  payoutRulesText,
  type PayoutRefusal,
  type PayoutRules,
} from "@domain/payout-eligibility";
import { Button } from "../../components/ui/button";
import { Field, type FieldProps } from "../../components/ui/field";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { availableBalanceOf, heldCentsOf, nextMaturityOf, payableOf, pendingInvoiceOf } from "@domain/balance";
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
  /** The programme's payout rules in force (SPEC.md's until an admin changes them). */
  rules?: PayoutRules;
  readOnly: boolean;
}

/** SPEC.md §2: the payout section and the details form, with SPEC.md §5's rules and §8's messages. */
export function PayoutSection({ user, affiliate, rules = defaultPayoutRules, readOnly }: Props) {
  const [form, setForm] = useState<Form>(() => toDetailsRequest(affiliate) as Form);
  // Saving the details; requesting a payout or downloading the invoice (one line says how either went).
  const details = useAction();
  const payout = useAction();
  const busy = details.busy || payout.busy;
  const now = new Date();
  const payable = payableOf(affiliate, now);
  const held = heldCentsOf(affiliate, now);
  const nextMaturity = nextMaturityOf(affiliate, now);
  const nextAllowed = nextPayoutAllowedAt(affiliate.last_payout, now, rules);
  const pending = pendingInvoiceOf(affiliate);

  // SPEC.md §8's refusals, judged as the affiliate types (the server checks everything again): the details
  // as typed in the form, not yet saved, are what a request sends.
  const typed = toStoredDetails(form as PayoutDetailsRequest as Parameters<typeof toStoredDetails>[0]);
  const refusal = payoutRefusalOf(affiliate, now, typed, rules);
  const missing = new Set<keyof PayoutDetails>(
    refusal === "incomplete" ? missingDetailFields(typed, { forPayout: true }) : [],
  );

  const set = (field: keyof Form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  function updateDetails(event: FormEvent) {
    event.preventDefault();
    const checked = payoutDetailsRequestSchema.safeParse(form);
    if (!checked.success) {
      const problem = checked.error.issues[0]?.message ?? "Invalid details.";
      return details.say({ tone: "error", text: `Failed to update details: ${problem}` });
    }
    void details.run(
      async () => {
        await saveDetails(user, form);
        return { tone: "success", text: "Details successfully updated." };
      },
      { failure: (text) => `Failed to update details: ${text}` },
    );
  }

  function requestPayout() {
    if (refusal) return payout.say(null);
    void payout.run(
      async () => {
        const invoice = await askForPayout(user, form, formatDollarsFixed(payable));
        saveFile(invoice);
        return { tone: "success", text: `Payout requested: your invoice ${invoice.fileName} was downloaded.` };
      },
      { name: "request", failure: (text) => `Failed to request payout: ${text}` },
    );
  }

  function downloadInvoice() {
    const number = affiliate.latest_invoice?.invoice_number;
    if (number) void payout.run(async () => saveFile(await fetchInvoice(user, number)));
  }

  const invoice = affiliate.latest_invoice;
  return (
    <section aria-labelledby="payout" className={styles["dashboard-section"]}>
      <h2 id="payout">Payout</h2>
      <div className={styles["payout-summary"]}>
        <div className={styles["payout-amounts"]}>
          <div className={styles["payout-amount"]}>
            <span className={styles["stat-label"]}>Available balance</span>
            <span className={styles["stat-value"]}>{formatDollars(availableBalanceOf(affiliate, now))}</span>
          </div>
          {held > 0 ? (
            <div className={styles["payout-amount"]}>
              <span className={styles["stat-label"]}>In hold</span>
              <span className={styles["stat-value"]}>{formatDollars(held)}</span>
            </div>
          ) : null}
          {pending ? (
            <div className={styles["payout-amount"]}>
              <span className={styles["stat-label"]}>Pending payout</span>
              <span className={`${styles["stat-value"]} ${styles["status-pending"]}`}>
                {formatDollars(pending.amount_cents)}
              </span>
            </div>
          ) : null}
          <span className={`muted ${styles.small}`}>
            {payoutRulesText(rules)}
            {nextMaturity
              ? ` Commission is held for its refund period after each sale: ${formatDollars(nextMaturity.cents)} becomes available on ${formatMaturity(nextMaturity.day)}.`
              : ""}
          </span>
        </div>
        <div className={styles["payout-status"]}>
          {pending ? (
            <p className={`${styles.status} ${styles["status-pending"]}`}>
              Payout pending: {formatDollars(pending.amount_cents)} requested on {formatInvoiceDate(pending.issued_at)}{" "}
              (invoice {pending.invoice_number}).
            </p>
          ) : affiliate.last_payout ? (
            <p className={styles.status}>
              Last payout{invoice ? ` ${formatDollars(invoice.amount_cents)}` : ""}, paid on{" "}
              {formatInvoiceDate(affiliate.last_payout)}.
              {nextAllowed && (readOnly || refusal !== "recentPayout")
                ? ` Next payout possible from ${formatInvoiceDate(nextAllowed)}.`
                : ""}
            </p>
          ) : (
            <p className={`${styles.status} muted`}>No payouts yet.</p>
          )}
          <div className={styles.inline}>
            {readOnly ? null : (
              <Button
                onClick={requestPayout}
                disabled={busy || refusal !== null}
                aria-describedby={refusal ? "payout-refusal" : undefined}
              >
                {payout.running === "request" ? "Requesting…" : "Request Payout"}
              </Button>
            )}
            {invoice ? (
              <Button variant="ghost" onClick={downloadInvoice} disabled={busy}>
                Download invoice {invoice.invoice_number}
              </Button>
            ) : null}
          </div>
          {refusal && !readOnly ? (
            <Message id="payout-refusal" tone="warning" className={styles.refusal}>
              {refusalText(refusal, rules, typed, nextAllowed, held)}
            </Message>
          ) : null}
        </div>
      </div>
      {payout.message ? <Message tone={payout.message.tone}>{payout.message.text}</Message> : null}

      <form className={styles["details-form"]} onSubmit={updateDetails} noValidate aria-labelledby="details-heading">
        <h3 id="details-heading">Payout Details</h3>
        {pending ? (
          <p className={`muted ${styles.small}`}>
            Your pending payout goes to the details on its invoice ({pending.invoice_number}). Changes you save now
            apply from your next payout.
          </p>
        ) : null}
        <fieldset disabled={readOnly || busy}>
          <div className={styles["form-grid"]}>
            {[...detailFields, ...(methodFields[form.payoutType as PayoutType] ?? [])].map((field) => (
              <Field
                key={field.id}
                {...field}
                value={form[field.id]}
                onChange={set(field.id)}
                invalid={missing.has(storedField[field.id])}
              />
            ))}
          </div>
          {readOnly ? null : <Button type="submit">{details.busy ? "Saving…" : "Update Details"}</Button>}
        </fieldset>
        <div aria-live="polite">
          {details.message ? (
            <Message tone={details.message.tone} announce={false}>
              {details.message.text}
            </Message>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** SPEC.md §8's message for a refusal, word for word, and what it leaves unsaid: which fields, until when. */
function refusalText(
  refusal: PayoutRefusal,
  rules: PayoutRules,
  details: PayoutDetails,
  nextAllowed: Date | null,
  held: number,
): string {
  const message = refusalMessage(refusal, rules);
  if (refusal === "belowMinimum" && held > 0)
    return `${message} ${formatDollars(held)} more is still in its hold period.`;
  if (refusal === "incomplete")
    return `${message} Missing: ${missingDetails(details, { forPayout: true }).join(", ")}.`;
  if (refusal === "recentPayout" && nextAllowed)
    return `${message} Next payout possible from ${formatInvoiceDate(nextAllowed)}.`;
  return message;
}

/** The form's field names (SPEC.md §7's request) to the stored ones the refusal names (SPEC.md §3). */
const storedField: Record<keyof Form, keyof PayoutDetails> = {
  name: "name",
  country: "country",
  city: "city",
  address: "address",
  postCode: "post_code",
  company: "company",
  invoiceEmail: "invoice_email",
  tax: "tax",
  payoutType: "payout_type",
  paypalEmail: "paypal_payout_account",
  tronAddress: "tron_address",
  fedwireRoutingNumber: "fedwire_routing_number",
  swiftBIC: "swift_BIC",
  bankAccountNumber: "bank_account_number",
  accountType: "account_type",
};

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
  {
    id: "tax",
    label: detailLabels.tax,
    note: "needed for payouts",
    hint: "Not needed to save, but a payout needs it.",
  },
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

/** A held bucket's day ("2026-12-21") as invoices write dates: "21 December 2026". */
function formatMaturity(day: string): string {
  return formatInvoiceDate(new Date(`${day}T00:00:00Z`));
}
