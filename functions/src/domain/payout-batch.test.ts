import { describe, expect, test } from "vitest";
import {
  genericColumns,
  genericRows,
  paypalColumns,
  paypalRows,
  wiseColumns,
  wiseRows,
  type ExportRow,
} from "./payout-batch.js";

const wise: ExportRow = {
  invoice_number: "INV-2026-000042",
  name: "Dana Demo",
  email: "dana@demo.test",
  amount_cents: 24_050,
  method: "Wise",
  destination: [["Wise Account Email", "dana.wise@demo.test"]],
};
const wire: ExportRow = {
  invoice_number: "INV-2026-000043",
  name: "Wanda Wire",
  email: "wanda@demo.test",
  amount_cents: 100_000,
  method: "Wire Transfer",
  destination: [
    ["Account holder", "Wire Co"],
    ["Bank Account Number", "000123456789"],
    ["Fedwire Routing Number", "026009593"],
  ],
};

const iban: ExportRow = {
  invoice_number: "INV-2026-000044",
  name: "Ines Iban",
  email: "ines@demo.test",
  amount_cents: 31_000,
  method: "Bank Transfer (IBAN)",
  destination: [
    ["Account holder", "Ines Media Lda"],
    ["IBAN", "PT50 0002 0123 1234 5678 9015 4"],
    ["SWIFT/BIC", "BCOMPTPL"],
  ],
};

describe("exports", () => {
  test("Wise's send-by-email batch template: its columns, the Wise payouts only, a fixed USD amount", () => {
    expect(wiseColumns).toEqual([
      "name",
      "recipientEmail",
      "paymentReference",
      "receiverType",
      "amountCurrency",
      "amount",
      "sourceCurrency",
      "targetCurrency",
    ]);
    expect(wiseRows([wise, wire, iban])).toEqual([
      ["Dana Demo", "dana.wise@demo.test", "INV-2026-000042", "PERSON", "target", "240.50", "USD", "USD"],
    ]);
  });

  test("PayPal Payouts: recipient, amount, currency, reference, note, one row per payout and no header", () => {
    expect(paypalColumns).toEqual(["recipient", "amount", "currency", "reference", "note"]);
    expect(paypalRows([wise, wire, iban])).toEqual([
      ["dana.wise@demo.test", "240.50", "USD", "INV-2026-000042", "Affiliate commission, invoice INV-2026-000042"],
    ]);
  });

  test("the generic CSV has every payout with its destination in full; a bank transfer's IBAN and BIC apart", () => {
    expect(genericColumns).toEqual([
      "invoice_number",
      "name",
      "email",
      "method",
      "amount",
      "currency",
      "destination",
      "account_holder",
      "iban",
      "bic",
    ]);
    const [, wireRow, ibanRow] = genericRows([wise, wire, iban]);
    expect(wireRow).toEqual([
      "INV-2026-000043",
      "Wanda Wire",
      "wanda@demo.test",
      "Wire Transfer",
      "1000.00",
      "USD",
      "Account holder: Wire Co; Bank Account Number: 000123456789; Fedwire Routing Number: 026009593",
      "",
      "",
      "",
    ]);
    expect(ibanRow).toEqual([
      "INV-2026-000044",
      "Ines Iban",
      "ines@demo.test",
      "Bank Transfer (IBAN)",
      "310.00",
      "USD",
      "Account holder: Ines Media Lda; IBAN: PT50 0002 0123 1234 5678 9015 4; SWIFT/BIC: BCOMPTPL",
      "Ines Media Lda",
      "PT50000201231234567890154",
      "BCOMPTPL",
    ]);
  });
});
