/**
 * The demo secrets the emulated functions use, written to functions/.secret.local (git-ignored), which the
 * Functions emulator reads in place of Secret Manager. They are documented, not secret: they only ever sign
 * events for the local emulators. Production secrets are set with `firebase functions:secrets:set`.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rootDir } from "./project.ts";

export const demoSecrets = {
  EVENT_SIGNING_SECRETS: {
    promptchan: "demo-events-secret-promptchan",
    cutechat: "demo-events-secret-cutechat",
    creategirls: "demo-events-secret-creategirls",
  },
  VISITOR_SALT: "demo-visitor-salt",
  PAYOUT_DESTINATION_SALT: "demo-payout-destination-salt",
};

export const localSecretsFile = path.join(rootDir, "functions", ".secret.local");

export function ensureLocalSecrets(): void {
  const content =
    "# Demo secrets for the Functions emulator, written by scripts/lib/local-secrets.ts. Not for production.\n" +
    `EVENT_SIGNING_SECRETS='${JSON.stringify(demoSecrets.EVENT_SIGNING_SECRETS)}'\n` +
    `VISITOR_SALT='${demoSecrets.VISITOR_SALT}'\n` +
    `PAYOUT_DESTINATION_SALT='${demoSecrets.PAYOUT_DESTINATION_SALT}'\n`;
  if (existsSync(localSecretsFile) && readFileSync(localSecretsFile, "utf8") === content) return;
  writeFileSync(localSecretsFile, content);
}
