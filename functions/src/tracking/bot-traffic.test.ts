import { describe, expect, test } from "vitest";
import { isBotUserAgent } from "./bot-traffic.js";

/** User agents as real crawlers, link previews, HTTP clients and headless browsers send them. */
const bots = {
  Googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Googlebot on a phone":
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  GPTBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)",
  "Slack's link preview": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "Facebook's link preview": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Twitter's link preview": "Twitterbot/1.0",
  "Telegram's link preview": "TelegramBot (like TwitterBot)",
  "WhatsApp's link preview": "WhatsApp/2.23.20.0",
  "Discord's link preview":
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36 Discordbot",
  // Debian's chromium as the e2e tests drive it, and the same on Windows.
  HeadlessChrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36",
  "HeadlessChrome on Windows":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
  PhantomJS: "Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1",
  curl: "curl/8.5.0",
  Wget: "Wget/1.21.4",
  "python-requests": "python-requests/2.31.0",
  "Go's HTTP client": "Go-http-client/1.1",
  "node-fetch": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
  okhttp: "okhttp/4.12.0",
};

/** Ordinary browsers on phones and desktops, and the in-app browsers links from social media open in. */
const people = {
  "Chrome on Windows":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Edge on Windows":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Firefox on Windows": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Safari on a Mac":
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
  "Chrome on Linux":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Safari on an iPhone":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
  "Chrome on an iPhone":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
  "Chrome on Android":
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Samsung Internet":
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  "Instagram's in-app browser":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.0.0.0 (iPhone15,2; iOS 17_1; en_US; en; scale=3.00; 1179x2556; 539113563)",
  "Facebook's in-app browser":
    "Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/445.0.0.35.117;]",
  "TikTok's in-app browser":
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 musical_ly_2023205030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/32.5.3",
};

describe("isBotUserAgent", () => {
  test.each(Object.entries(bots))("%s is a bot", (_, userAgent) => {
    expect(isBotUserAgent(userAgent)).toBe(true);
  });

  test.each(Object.entries(people))("%s is a person's browser", (_, userAgent) => {
    expect(isBotUserAgent(userAgent)).toBe(false);
  });

  test("no user agent, or only spaces, is a bot: every browser sends one", () => {
    expect(isBotUserAgent(undefined)).toBe(true);
    expect(isBotUserAgent("")).toBe(true);
    expect(isBotUserAgent("   ")).toBe(true);
  });
});
