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
    expect(wiseRows([wise, wire])).toEqual([
      ["Dana Demo", "dana.wise@demo.test", "INV-2026-000042", "PERSON", "target", "240.50", "USD", "USD"],
    ]);
  });

  test("PayPal Payouts: recipient, amount, currency, reference, note, one row per payout and no header", () => {
    expect(paypalColumns).toEqual(["recipient", "amount", "currency", "reference", "note"]);
    expect(paypalRows([wise, wire])).toEqual([
      ["dana.wise@demo.test", "240.50", "USD", "INV-2026-000042", "Affiliate commission, invoice INV-2026-000042"],
    ]);
  });

  test("the generic CSV has every payout with its destination in full", () => {
    expect(genericColumns).toEqual(["invoice_number", "name", "email", "method", "amount", "currency", "destination"]);
    expect(genericRows([wise, wire])[1]).toEqual([
      "INV-2026-000043",
      "Wanda Wire",
      "wanda@demo.test",
      "Wire Transfer",
      "1000.00",
      "USD",
      "Account holder: Wire Co; Bank Account Number: 000123456789; Fedwire Routing Number: 026009593",
    ]);
  });
});
