/**
 * Which clicks are a bot's (issue 33, traffic quality): a crawler, a link preview (Slack, WhatsApp,
 * Telegram, Facebook), a script's HTTP client (curl, python-requests, Go, node-fetch) or a headless browser
 * (HeadlessChrome, PhantomJS), told by the user agent it sends. The recognising is isbot's: a maintained
 * pattern over the user agents seen in the wild, which a list of our own would fall behind. Pure and in
 * memory, so the click's path gains no read. Such a click is counted apart (filtered_clicks), never dropped:
 * docs/tracking.md says what counts and why.
 */
import { isbot } from "isbot";

/**
 * Whether the user agent is a bot's or a headless browser's. No user agent at all counts as one too: every
 * browser sends one, and isbot leaves the empty case to its caller.
 */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim() ?? "";
  return agent === "" || isbot(agent);
}
