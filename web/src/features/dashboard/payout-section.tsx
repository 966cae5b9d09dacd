import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import type { User } from "firebase/auth";
import { balanceSplitOf, type BalanceSplit } from "@domain/balance-split";
import { formatInvoiceDate, invoiceTermsDays } from "@domain/invoice";
import type { AffiliateDoc } from "@domain/model";
import { formatDollars, formatDollarsFixed, type Cents } from "@domain/money";
import {
  accountTypes,
  detailLabels,
  missingDetailFields,
  missingDetails,
  payoutDestination,
  payoutTypes,
  type PayoutDetails,
  type PayoutType,
} from "@domain/payout-details";
import { toDetailsRequest } from "@domain/payout-details-request";
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
import { ReviewNotice } from "./review-notice";
import { Dialog } from "../../components/ui/dialog";
import { Field, type FieldProps } from "../../components/ui/field";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { nextMaturityOf, payableOf, pendingInvoiceOf } from "@domain/balance";
import { saveFile } from "../../lib/api";
import {
  downloadInvoice as fetchInvoice,
  requestPayout as askForPayout,
  updateDetails as saveDetails,
  type DetailsForm as Form,
} from "./dashboard-api";
import {
  detailsErrors,
  detailsRequest,
  differsFrom,
  fieldLabel,
  formFieldOf,
  storedDetailsOf,
  type FormErrors,
  type FormField,
} from "./details-form";
import styles from "./dashboard.module.css";
import own from "./payout-section.module.css";

interface Props {
  user: User;
  affiliate: AffiliateDoc;
  /** The programme's payout rules in force (SPEC.md's until an admin changes them). */
  rules?: PayoutRules;
  readOnly: boolean;
}

/** A payout this page requested: its invoice, downloaded once (SPEC.md §4) and kept to be offered as a link. */
interface Requested {
  invoiceNumber: string;
  fileName: string;
  url: string;
  amount: Cents;
  destination: string;
}

/**
 * SPEC.md §2: the payout section and the details form, with SPEC.md §5's rules and §8's messages. Issue 32:
 * the balance split into one vocabulary (available, in hold, pending payout; paid apart); Request Payout
 * asks first and ends in one success state with the invoice link; the form's errors show on their fields,
 * all at once. A payout goes to the saved details, so typing in the form never changes what it may do.
 */
export function PayoutSection({ user, affiliate, rules = defaultPayoutRules, readOnly }: Props) {
  const saved = toDetailsRequest(affiliate) as Form;
  const [form, setForm] = useState<Form>(saved);
  // The form as last saved from here, until the live document catches up with it.
  const [justSaved, setJustSaved] = useState<Form | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [requested, setRequested] = useState<Requested | null>(null);
  // Saving the details; requesting a payout or downloading the invoice.
  const details = useAction();
  const payout = useAction();
  const busy = details.busy || payout.busy;
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const now = new Date();
  const split = balanceSplitOf(affiliate, now);
  const payable = payableOf(affiliate, now);
  const nextMaturity = nextMaturityOf(affiliate, now);
  const nextAllowed = nextPayoutAllowedAt(affiliate.last_payout, now, rules);
  const pending = pendingInvoiceOf(affiliate);
  // SPEC.md §8's refusals, judged on the saved details: a request pays to them.
  const refusal = payoutRefusalOf(affiliate, now, affiliate, rules);
  const shown = shownFields(form.payoutType as PayoutType);
  const dirty = differsFrom(form, saved, shown) && (justSaved === null || differsFrom(form, justSaved, shown));
  // The fields the "complete all fields" refusal names, marked on the form while they are still empty there.
  const neededForPayout = new Set<FormField>(
    refusal === "incomplete" ? missingDetailFields(affiliate, { forPayout: true }).map(formFieldOf) : [],
  );
  const fieldError = (field: FormField): string | undefined =>
    errors[field] ??
    (neededForPayout.has(field) && form[field].trim() === ""
      ? `${fieldLabel(field)} is needed for a payout.`
      : undefined);
  // The success state lasts while its payout is the pending one (or the live document has yet to say so).
  const success =
    requested &&
    (affiliate.latest_invoice?.invoice_number !== requested.invoiceNumber ||
      pending?.invoice_number === requested.invoiceNumber)
      ? requested
      : null;

  // The invoice link's file lives as long as the success state that offers it.
  useEffect(() => (requested ? () => URL.revokeObjectURL(requested.url) : undefined), [requested]);
  // Once the dialog has closed (and given focus back), focus goes to what the request did.
  useEffect(() => {
    if (requested) successRef.current?.focus();
  }, [requested]);

  function change(field: FormField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    // An error goes as its field changes; another method's errors go with the method.
    setErrors((current) => {
      const kept = { ...current };
      delete kept[field];
      if (field === "payoutType") {
        for (const key of Object.keys(kept) as FormField[])
          if (!detailFields.some((f) => f.id === key)) delete kept[key];
      }
      return kept;
    });
  }

  function updateDetails(event: FormEvent) {
    event.preventDefault();
    const found = detailsErrors(form, shown);
    const first = shown.find((field) => found[field]);
    if (first) {
      details.say(null);
      flushSync(() => setErrors(found));
      formRef.current?.querySelector<HTMLElement>(`#${first}`)?.focus();
      return;
    }
    const request = detailsRequest(form, saved, shown);
    void details.run(
      async () => {
        await saveDetails(user, request);
        const stored = toDetailsRequest(storedDetailsOf(request)) as Form;
        setForm(stored);
        setJustSaved(stored);
        return { tone: "success", text: "Details successfully updated." };
      },
      { failure: (text) => `Failed to update details: ${text}` },
    );
  }

  function closeDialog() {
    setConfirming(false);
    payout.say(null);
  }

  function confirmPayout() {
    void payout.run(
      async () => {
        const invoice = await askForPayout(user, saved, formatDollarsFixed(payable));
        // SPEC.md §4: after Request Payout the invoice PDF is downloaded; asked first now, it is no surprise.
        saveFile(invoice.file);
        setRequested({
          invoiceNumber: invoice.invoiceNumber,
          fileName: invoice.file.fileName,
          url: URL.createObjectURL(invoice.file.blob),
          amount: payable,
          destination: destinationText(affiliate),
        });
        setConfirming(false);
      },
      { name: "request", failure: (text) => `Failed to request payout: ${text}` },
    );
  }

  function downloadInvoice() {
    const number = affiliate.latest_invoice?.invoice_number;
    if (number) void payout.run(async () => saveFile(await fetchInvoice(user, number)));
  }

  const invoice = affiliate.latest_invoice;
  const errorCount = shown.filter((field) => errors[field]).length;
  return (
    <section aria-labelledby="payout" className={styles["dashboard-section"]}>
      <h2 id="payout">Payout</h2>
      <ReviewNotice affiliate={affiliate} />
      <div className={styles["payout-summary"]}>
        <div className={own.figures}>
          <BalanceFigures split={split} />
          <p className={`muted ${styles.small}`}>
            {payoutRulesText(rules)}
            {nextMaturity
              ? ` Commission is held for its refund period after each sale: ${formatDollars(nextMaturity.cents)} becomes available on ${formatDay(nextMaturity.day)}.`
              : ""}
          </p>
        </div>
        <div className={`${styles["payout-status"]} ${own.status}`}>
          {success ? (
            <div ref={successRef} tabIndex={-1} id="payout-requested" className={own.requested}>
              <Message tone="success">
                Payout requested: {formatDollars(success.amount)} to {success.destination}. Your invoice{" "}
                {success.invoiceNumber} was downloaded (
                <a href={success.url} download={success.fileName}>
                  Download invoice {success.invoiceNumber} (PDF)
                </a>{" "}
                again). It shows as your pending payout until it is paid.
              </Message>
            </div>
          ) : pending ? (
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
                onClick={() => setConfirming(true)}
                disabled={busy || refusal !== null || success !== null}
                aria-describedby={success ? "payout-requested" : refusal ? "payout-refusal" : undefined}
              >
                Request Payout
              </Button>
            )}
            {invoice && !success ? (
              <Button variant="ghost" onClick={downloadInvoice} disabled={busy}>
                Download invoice {invoice.invoice_number}
              </Button>
            ) : null}
          </div>
          {refusal && !readOnly && !success ? (
            // A pending payout is a state, not a problem: said plainly, where the others warn.
            <Message id="payout-refusal" tone={refusal === "pending" ? "info" : "warning"} className={styles.refusal}>
              {refusalText(refusal, rules, affiliate, nextAllowed, split.inHold, dirty)}
            </Message>
          ) : null}
          {payout.message && !confirming ? <Message tone={payout.message.tone}>{payout.message.text}</Message> : null}
        </div>
      </div>

      <Dialog
        open={confirming}
        title="Request this payout?"
        onClose={closeDialog}
        closeLabel="Cancel"
        actions={
          <Button onClick={confirmPayout} disabled={payout.busy} aria-busy={payout.busy}>
            {payout.running === "request" ? "Requesting…" : `Request ${formatDollars(payable)}`}
          </Button>
        }
      >
        <PayoutSummary affiliate={affiliate} amount={payable} inHold={split.inHold} />
        {dirty ? (
          <p className={`${styles.small} ${own["unsaved-note"]}`}>
            Your unsaved changes to the payout details are not used: this payout goes to the saved details above. Cancel
            and Update Details first to use them.
          </p>
        ) : null}
        {payout.message ? <Message tone={payout.message.tone}>{payout.message.text}</Message> : null}
      </Dialog>

      <form
        ref={formRef}
        className={styles["details-form"]}
        onSubmit={updateDetails}
        noValidate
        aria-labelledby="details-heading"
      >
        <h3 id="details-heading">Payout Details</h3>
        {pending ? (
          <p className={`muted ${styles.small}`}>
            Your pending payout goes to the details on its invoice ({pending.invoice_number}). Changes you save now
            apply from your next payout.
          </p>
        ) : null}
        <fieldset disabled={readOnly || busy}>
          <div className={`${styles["form-grid"]} ${own.fields}`}>
            {shownSpecs(form.payoutType as PayoutType).map(({ id, hint, ...field }) => {
              const error = fieldError(id);
              return (
                <Field
                  key={id}
                  {...field}
                  id={id}
                  value={form[id]}
                  onChange={(value) => change(id, value)}
                  invalid={error !== undefined}
                  // The error takes the hint's place: the control is described by it.
                  hint={error ?? hint}
                />
              );
            })}
          </div>
          {readOnly ? null : (
            <div className={styles.inline}>
              <Button type="submit">{details.busy ? "Saving…" : "Update Details"}</Button>
              {dirty ? (
                <span className={`muted ${styles.small}`}>
                  Unsaved changes: a payout request uses your saved details until you update them.
                </span>
              ) : null}
            </div>
          )}
        </fieldset>
        {errorCount > 0 ? (
          <Message tone="error" announce={false}>
            Failed to update details: {errorCount === 1 ? "1 field needs" : `${errorCount} fields need`} attention
            above.
          </Message>
        ) : null}
        <div aria-live="polite">
          {details.message && errorCount === 0 ? (
            <Message tone={details.message.tone} announce={false}>
              {details.message.text}
            </Message>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** How the balance splits (issue 32's vocabulary): each part, the balance they make, and what was paid. */
function BalanceFigures({ split }: { split: BalanceSplit }) {
  const rows: [string, string, string?][] = [
    ["Available", formatDollars(split.available)],
    ["In hold", formatDollars(split.inHold)],
    ...(split.underReview > 0 ? [["Under review", formatDollars(split.underReview)] as [string, string]] : []),
    ["Pending payout", formatDollars(split.pendingPayout), split.pendingPayout > 0 ? styles["status-pending"] : ""],
    ...(split.toNet > 0 ? [["Refunds to net", `−${formatDollars(split.toNet)}`] as [string, string]] : []),
    ["Balance", formatDollars(split.balance), own["split-total"]],
    ["Paid", formatDollars(split.paid), own["split-paid"]],
  ];
  return (
    <div className={own["balance-split"]}>
      <dl aria-label="Your balance">
        {rows.map(([label, value, className]) => (
          <div key={label} className={className || undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`muted ${styles.small}`}>
        Your balance is what you are owed: available to request now, in hold until its refund period ends, or in a
        pending payout.
        {split.toNet > 0
          ? " Refunds that came after their commission was set aside are netted from your next earnings."
          : ""}
        {split.underReview > 0 ? " Under review is held while we review your account, until the review ends." : ""} Paid
        is what has been sent to you so far.
      </p>
    </div>
  );
}

/** What the confirmation names: the amount, where it goes, and who the invoice is made out to. */
function PayoutSummary({ affiliate, amount, inHold }: { affiliate: AffiliateDoc; amount: Cents; inHold: Cents }) {
  const destination = payoutDestination(affiliate);
  const place = [affiliate.address, [affiliate.post_code, affiliate.city].filter(Boolean).join(" "), affiliate.country];
  return (
    <>
      <dl className={own.confirm}>
        <div>
          <dt>Amount</dt>
          <dd>
            {formatDollars(amount)}
            {inHold > 0 ? (
              <span className="muted"> ({formatDollars(inHold)} in hold is paid in a later payout)</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Paid to</dt>
          <dd>
            {destination.method}
            {destination.fields.map(([label, value]) => (
              <span key={label} className={own["confirm-line"]}>
                {label}: {value}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>Invoice to</dt>
          <dd>
            {[affiliate.name, affiliate.company, ...place].filter(Boolean).map((line) => (
              <span key={line} className={own["confirm-line"]}>
                {line}
              </span>
            ))}
            <span className={own["confirm-line"]}>
              {detailLabels.tax}: {affiliate.tax}
            </span>
          </dd>
        </div>
        <div>
          <dt>Confirmation to</dt>
          <dd>{affiliate.invoice_email}</dd>
        </div>
      </dl>
      <p className={`muted ${styles.small}`}>
        The invoice is issued today, due within {invoiceTermsDays} days, and downloads as soon as you confirm.
      </p>
    </>
  );
}

/** Where a payout goes, in a sentence: "Wise (dana@wise.test)". */
function destinationText(details: PayoutDetails): string {
  const { method, fields } = payoutDestination(details);
  const account = fields.find(([label]) => label !== "Account holder")?.[1];
  return account ? `${method} (${account})` : method;
}

/** SPEC.md §8's message for a refusal, word for word, and what it leaves unsaid: which fields, until when. */
function refusalText(
  refusal: PayoutRefusal,
  rules: PayoutRules,
  details: PayoutDetails,
  nextAllowed: Date | null,
  held: number,
  dirty: boolean,
): string {
  const message = refusalMessage(refusal, rules);
  if (refusal === "belowMinimum" && held > 0)
    return `${message} ${formatDollars(held)} more is still in its hold period.`;
  if (refusal === "incomplete")
    return `${message} Missing: ${missingDetails(details, { forPayout: true }).join(", ")}.${dirty ? " Update Details saves what you have typed." : ""}`;
  if (refusal === "recentPayout" && nextAllowed)
    return `${message} Next payout possible from ${formatInvoiceDate(nextAllowed)}.`;
  return message;
}

type FieldSpec = Omit<FieldProps, "id" | "value" | "onChange"> & { id: FormField };

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
  "Bank Transfer (IBAN)": [
    {
      id: "iban",
      label: detailLabels.iban,
      required: true,
      hint: "On your bank statement or in your banking app; it starts with your country's two letters. Spaces are fine.",
    },
    {
      id: "swiftBIC",
      label: detailLabels.swift_BIC,
      required: true,
      hint: "Your bank's SWIFT code, 8 or 11 letters and digits, shown beside the IBAN by most banks.",
    },
    {
      id: "accountHolder",
      label: detailLabels.account_holder,
      hint: "The name on the account, if it is not your company's (or, without a company, your full name).",
    },
  ],
};

/** The fields the form shows for a payout method, in its order (a field two methods share, as they say it). */
function shownSpecs(method: PayoutType): FieldSpec[] {
  return [...detailFields, ...(methodFields[method] ?? [])];
}

function shownFields(method: PayoutType): FormField[] {
  return shownSpecs(method).map((spec) => spec.id);
}

/** A held bucket's day ("2026-12-21") as invoices write dates: "21 December 2026". */
function formatDay(day: string): string {
  return formatInvoiceDate(new Date(`${day}T00:00:00Z`));
}
