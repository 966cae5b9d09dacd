/** The invoice PDF's template (@react-pdf/renderer): what a payout's frozen invoice snapshot says. */
import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatInvoiceDate, payoutMethodLines } from "../domain/invoice.js";
import type { InvoiceSnapshot } from "../domain/model.js";
import { formatDollars } from "../domain/money.js";
import { programme, type InvoiceIssuer } from "../domain/programme.js";

const styles = StyleSheet.create({
  page: { fontFamily: "Inter", fontSize: 10, padding: 48, color: "#1b1b2f", lineHeight: 1.4 },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 32 },
  // Larger text gets its own line height: an inherited 1.4 is resolved against the page's 10 pt (14 pt),
  // which set the invoice number on the title's baseline and the issuer's e-mail against its name.
  title: { fontSize: 24, fontWeight: 700, letterSpacing: 1, lineHeight: 1.2, marginBottom: 4 },
  issuer: { fontSize: 12, fontWeight: 700, lineHeight: 1.3 },
  muted: { color: "#5c5c77" },
  columns: { flexDirection: "row", gap: 24, marginBottom: 28 },
  column: { flex: 1 },
  label: { fontSize: 8, textTransform: "uppercase", color: "#5c5c77", marginBottom: 4, letterSpacing: 0.5 },
  table: { borderTop: "1pt solid #d6d6e4", borderBottom: "1pt solid #d6d6e4", marginBottom: 16 },
  row: { flexDirection: "row", paddingVertical: 8 },
  description: { flex: 1 },
  amount: { width: 120, textAlign: "right" },
  total: { flexDirection: "row", justifyContent: "flex-end", fontSize: 14, fontWeight: 700, marginBottom: 28 },
  footer: { position: "absolute", bottom: 36, left: 48, right: 48, fontSize: 8, color: "#5c5c77" },
});

function Field({ label, value }: { label: string; value: string }) {
  return value ? (
    <Text>
      <Text style={styles.muted}>{label}: </Text>
      {value}
    </Text>
  ) : null;
}

export interface InvoiceDocumentProps {
  invoice: InvoiceSnapshot;
  /** Who issues it: the operator's registered name and address (config.ts invoiceIssuer). */
  issuer: InvoiceIssuer;
  /** When staff recorded the payout as paid; null while it is pending. A paid invoice says so, and when. */
  paidAt?: Date | null;
}

export function InvoiceDocument({ invoice, issuer, paidAt = null }: InvoiceDocumentProps) {
  const payee = invoice.payee;
  const amount = formatDollars(invoice.amount_cents);
  return (
    <Document
      title={`Invoice ${invoice.invoice_number}`}
      author={issuer.legalName}
      subject="Affiliate commission payout"
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.title}>INVOICE</Text>
            <Text>{invoice.invoice_number}</Text>
          </View>
          <View>
            <Text style={styles.issuer}>{programme.name}</Text>
            <Text>{issuer.legalName}</Text>
            {issuer.postalAddress.map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            <Text style={styles.muted}>{programme.contactEmail}</Text>
          </View>
        </View>

        <View style={styles.columns}>
          <View style={styles.column}>
            <Text style={styles.label}>Payee</Text>
            <Text>{payee.name}</Text>
            {payee.company ? <Text>{payee.company}</Text> : null}
            <Text>{payee.address}</Text>
            <Text>
              {payee.post_code} {payee.city}
            </Text>
            <Text>{payee.country}</Text>
            <Field label="VAT/Tax" value={payee.tax} />
            <Field label="Email" value={payee.invoice_email} />
          </View>
          <View style={styles.column}>
            <Text style={styles.label}>Details</Text>
            <Field label="Issued" value={formatInvoiceDate(invoice.issued_at)} />
            {paidAt ? (
              <Field label="Paid" value={formatInvoiceDate(paidAt)} />
            ) : (
              <Field label="Due" value={formatInvoiceDate(invoice.due_at)} />
            )}
            <Field label="Period" value={invoice.period} />
            <Field label="Payout method" value={payee.payout_type} />
            {payoutMethodLines(payee).map(([label, value]) => (
              <Field key={label} label={label} value={value} />
            ))}
          </View>
        </View>

        <View style={styles.table}>
          <View style={styles.row}>
            <Text style={[styles.description, styles.label]}>Description</Text>
            <Text style={[styles.amount, styles.label]}>Amount (USD)</Text>
          </View>
          <View style={styles.row}>
            <Text style={styles.description}>Affiliate commission, {invoice.period}</Text>
            <Text style={styles.amount}>{amount}</Text>
          </View>
        </View>
        <View style={styles.total}>
          <Text>
            {paidAt ? "Total paid" : "Total due"}: {amount}
          </Text>
        </View>

        <Text style={styles.footer}>
          Issued by {issuer.legalName}, {issuer.postalAddress.join(", ")}, for the affiliate named above, who is paid
          the commission earned under the terms of {programme.name}. Questions: {programme.contactEmail}.
        </Text>
      </Page>
    </Document>
  );
}
