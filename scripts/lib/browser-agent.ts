/**
 * A person's browser as the click redirect sees it: desktop Chrome's user agent, with `name` in its platform
 * comment, so two names are two browsers (two visitors from one address). The redirect counts a bot's or a
 * headless browser's click apart (functions/src/tracking/bot-traffic.ts), so the tests and the bench, which
 * stand for people opening links, send this; a test about bots sends the bot's own user agent.
 */
export function personsUserAgent(name: string): string {
  return `Mozilla/5.0 (X11; Linux x86_64; ${name}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36`;
}
