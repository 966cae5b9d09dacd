/**
 * npm run send-event -- <type> --uid <uid> [options]: sends one signed event to POST /api/events of the
 * running emulators (npm start), as an advertiser's server would.
 *
 *   npm run send-event -- sale --uid demo-affiliate --amount 20
 *   npm run send-event -- sign_up --uid demo-affiliate --tracker /tw --advertiser cutechat
 *   npm run send-event -- refund --uid demo-affiliate --refers-to <sale id> [--amount 5]
 *   npm run send-event -- sale --uid demo-affiliate --amount 20 --customer-email someone@example.com
 *
 * Options: --advertiser (promptchan), --id (random), --tracker, --amount, --repeat-index, --refers-to,
 * --at (ISO time, default now), --url (the site, default the Hosting emulator); a sign-up's or sale's customer
 * (issue 33): --customer-id, --customer-email (sent as its SHA-256, lower-cased and trimmed, as an advertiser
 * sends it), --customer-ip, --payment-fingerprint.
 */
import { createHash, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { sendEvent, type EventBody } from "./lib/events-client.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    uid: { type: "string" },
    advertiser: { type: "string", default: "promptchan" },
    id: { type: "string" },
    tracker: { type: "string" },
    amount: { type: "string" },
    "repeat-index": { type: "string" },
    "refers-to": { type: "string" },
    at: { type: "string" },
    url: { type: "string" },
    "customer-id": { type: "string" },
    "customer-email": { type: "string" },
    "customer-ip": { type: "string" },
    "payment-fingerprint": { type: "string" },
  },
});

const type = positionals[0];
if (!type || !values.uid) {
  console.error("Usage: npm run send-event -- <click|sign_up|sale|refund|chargeback> --uid <uid> [--amount 20] ...");
  process.exit(2);
}

const body: EventBody = {
  id: values.id ?? `evt-${randomUUID()}`,
  advertiser_id: values.advertiser!,
  type,
  uid: values.uid,
  occurred_at: values.at ?? new Date().toISOString(),
  ...(values.tracker === undefined ? {} : { tracker: values.tracker }),
  ...(values.amount === undefined ? {} : { amount: values.amount }),
  ...(values["repeat-index"] === undefined ? {} : { repeat_index: Number(values["repeat-index"]) }),
  ...(values["refers-to"] === undefined ? {} : { refers_to: values["refers-to"] }),
  ...(values["customer-id"] === undefined ? {} : { customer_id: values["customer-id"] }),
  ...(values["customer-email"] === undefined
    ? {}
    : {
        customer_email_sha256: createHash("sha256").update(values["customer-email"].trim().toLowerCase()).digest("hex"),
      }),
  ...(values["customer-ip"] === undefined ? {} : { customer_ip: values["customer-ip"] }),
  ...(values["payment-fingerprint"] === undefined ? {} : { payment_fingerprint: values["payment-fingerprint"] }),
};

const answer = await sendEvent(body, values.url ? { baseUrl: values.url } : {});
console.log(`POST /api/events ${JSON.stringify(body)}\n→ ${answer.status} ${answer.text}`);
process.exitCode = answer.status < 300 ? 0 : 1;
