/**
 * Issue 18 end to end: an affiliate sets a postback on their dashboard; a visitor clicks their link with
 * sub-ids; the advertiser's platform reports the sale by click id; the affiliate's tracker (a receiver in
 * this test) is called with their sub-ids; and the dashboard shows the call in its delivery log and the sale
 * in the landing-page report. Then staff see the postback in the integration page's log.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { newContext } from "../../scripts/lib/browser.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { openLink, refs, splitClickId } from "../support/backend.ts";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { api, createUser } from "../support/users.ts";

const browser = browserForFile();

const calls: URL[] = [];
let receiver: http.Server;
let base: string;
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    calls.push(new URL(req.url ?? "/", "http://127.0.0.1"));
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test("a postback set on the dashboard is called with the affiliate's sub-ids, and shows in the log and the report", async () => {
  const email = `pb-${randomUUID().slice(0, 8)}@test.example`;
  const context = await newContext(browser(), { width: 1280, height: 900 });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signInWithEmailLink(page, email);
  const uid = (await refs.affiliates().where("email", "==", email).get()).docs[0]!.id;

  // The affiliate sets a postback for all their promptchan links, for sales.
  const postbacks = page.locator("section", { has: page.getByRole("heading", { name: "Postbacks", exact: true }) });
  await postbacks.getByRole("button", { name: "Add a postback" }).click();
  const form = postbacks.getByRole("form", { name: "Add a postback" });
  await form
    .getByLabel("Postback URL")
    .fill(`${base}/voluum?cid={sub1}&place={sub2}&payout={payout}&tx={transaction_id}`);
  await form.getByRole("button", { name: "Save postback" }).click();
  await postbacks.getByText("Postback saved.").waitFor();
  await postbacks.getByText("Promptchan · All links").waitFor();

  // A visitor from the affiliate's campaign clicks their link to a landing page.
  const visit = await openLink(`/m/${uid}?landing=/ai-porn&sub1=tiktok-nov&sub2=${encodeURIComponent("story #3")}`, {
    ip: "10.123.4.5",
  });
  const clickId = splitClickId(visit.location!).clickId!;

  // promptchan's platform reports the sale by click id.
  const staff = await createUser({ claims: { advertiser: true } });
  const integration = await api(staff, "GET", "/api/integration?advertiser=promptchan");
  let token = (integration.json as { tokens: { token: string }[] }).tokens[0]?.token;
  if (!token) {
    const rotated = await api(staff, "POST", "/api/integration/rotate_token", { advertiser: "promptchan" });
    token = (rotated.json as { tokens: { token: string }[] }).tokens[0]!.token;
  }
  const transaction = `e2e-${randomUUID()}`;
  const sale = await fetch(
    `${siteUrl}/api/postback/promptchan?token=${token}&event=sale&click_id=${clickId}&transaction_id=${transaction}&amount=25.00`,
  );
  expect(await sale.json()).toEqual({ status: "applied" });

  // The affiliate's tracker is called with their sub-ids and commission.
  const deadline = Date.now() + 30_000;
  while (!calls.some((call) => call.searchParams.get("tx") === transaction)) {
    if (Date.now() > deadline) throw new Error("The affiliate's tracker was not called");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const call = calls.find((made) => made.searchParams.get("tx") === transaction)!;
  expect(call.pathname).toBe("/voluum");
  expect(Object.fromEntries(call.searchParams)).toEqual({
    cid: "tiktok-nov",
    place: "story #3",
    payout: "15.00",
    tx: transaction,
  });

  // The dashboard shows the call in the delivery log, live, and the sale in the landing-page report.
  const log = page.getByRole("region", { name: "Postback deliveries, newest first" });
  await log.getByText("Delivered").waitFor();
  expect(await log.getByRole("row").nth(1).textContent()).toContain(`tx=${transaction}`);
  const report = page.locator("section", { has: page.getByRole("heading", { name: /^Conversion report/ }) });
  const aiPorn = report.getByRole("table", { name: "By landing page" }).getByRole("row", { name: /AI Porn/ });
  await aiPorn.waitFor();
  expect((await aiPorn.locator("td").allTextContents()).slice(0, 3)).toEqual(["1", "0", "1"]);
  await postbacks.screenshot({ path: path.join(screenshotsDir, "postbacks-section.png") });
  await report.screenshot({ path: path.join(screenshotsDir, "conversion-report.png") });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();

  // Staff see the postback in the integration page's log.
  const staffContext = await newContext(browser(), { width: 1280, height: 900 });
  const staffPage = await staffContext.newPage();
  await signInWithEmailLink(staffPage, staff.email, "/advertiser");
  await staffPage
    .getByRole("navigation", { name: "Advertiser sections" })
    .getByRole("link", { name: "Integration" })
    .click();
  const panel = staffPage.locator("section", { has: staffPage.getByRole("heading", { name: "Postback integration" }) });
  await panel.getByRole("button", { name: "View" }).click();
  const received = panel.getByRole("region", { name: "Postbacks received, newest first" });
  await received.getByRole("row", { name: new RegExp(transaction) }).waitFor();
  expect(await received.getByRole("row", { name: new RegExp(transaction) }).textContent()).toContain("Applied");
  await panel.screenshot({ path: path.join(screenshotsDir, "integration-panel.png") });
  expect(await seriousAccessibilityViolations(staffPage)).toEqual([]);
  await staffContext.close();
});
