import { describe, expect, test } from "vitest";
import {
  plainDeliveryError,
  hostIsFixed,
  postbackFor,
  postbackInput,
  postbackUrl,
  postbackUrlProblem,
  type Conversion,
  type OutboundPostback,
} from "./outbound-postbacks.js";

const production = { allowedHosts: [] };
const emulators = { allowedHosts: ["127.0.0.1"] };

const conversion: Conversion = {
  uid: "u1",
  advertiser: "promptchan",
  tracker: "/tw",
  event: "sale",
  transactionId: "T-1",
  payoutCents: 1_199,
  clickId: "AbCdEfGhIjKlMnOpQrStUv",
  subIds: { sub1: "José & co", sub2: null, sub3: "a/b?c=d", sub4: null, sub5: "x" },
};

const postback = (overrides: Partial<OutboundPostback>): OutboundPostback => ({
  id: "aaaaaaaa",
  advertiser: "promptchan",
  tracker: "*",
  url: "https://tracker.example/pb",
  events: ["sale"],
  ...overrides,
});

describe("the URL a conversion calls", () => {
  test("fills every macro, URL-encoded", () => {
    const url = postbackUrl(
      "https://tracker.example/pb?cid={sub1}&s2={sub2}&s3={sub3}&click={click_id}&e={event}&p={payout}&c={currency}&t={transaction_id}&keep={other}",
      conversion,
    );
    expect(url).toBe(
      "https://tracker.example/pb?cid=Jos%C3%A9%20%26%20co&s2=&s3=a%2Fb%3Fc%3Dd&click=AbCdEfGhIjKlMnOpQrStUv" +
        "&e=sale&p=11.99&c=USD&t=T-1&keep={other}",
    );
  });

  test("a clawback's payout is negative", () => {
    expect(postbackUrl("https://t.example/?p={payout}", { ...conversion, event: "refund", payoutCents: -600 })).toBe(
      "https://t.example/?p=-6.00",
    );
  });
});

describe("which postback a conversion fires", () => {
  const all = postback({ id: "all00000", events: ["sale", "refund"] });
  const tw = postback({ id: "tw000000", tracker: "/tw", events: ["sale"] });
  const cutechat = postback({ id: "cute0000", advertiser: "cutechat", events: ["sale"] });

  test("the link's own, else the one for all links, for its advertiser and event only", () => {
    expect(postbackFor([all, tw, cutechat], conversion)?.id).toBe("tw000000");
    expect(postbackFor([all, tw], { ...conversion, tracker: "default" })?.id).toBe("all00000");
    expect(postbackFor([all, tw], { ...conversion, event: "refund" })?.id).toBe("all00000");
    expect(postbackFor([tw, cutechat], { ...conversion, event: "sign_up" })).toBeNull();
    expect(postbackFor([cutechat], conversion)).toBeNull();
  });

  test("one saved before hosts were judged as parsed, with a macro in its host, never fires", () => {
    const visitorsHost = { ...tw, url: "http:/{sub1}.{sub2}.{sub3}.{sub4}/cb" };
    expect(hostIsFixed(visitorsHost.url)).toBe(false);
    expect(hostIsFixed(tw.url)).toBe(true);
    expect(postbackFor([visitorsHost, all], conversion)?.id).toBe("all00000");
    expect(postbackFor([visitorsHost], conversion)).toBeNull();
  });
});

describe("SSRF: what may be called", () => {
  test.each([
    ["https://tracker.example/pb?c={click_id}", null],
    ["http://tracker.example:80/pb", null],
    ["https://93.184.216.34/pb", null],
    ["ftp://tracker.example/pb", "The URL must start with https:// or http://."],
    ["javascript:alert(1)", "The URL must start with https:// or http://."],
    ["tracker.example/pb", "That is not a URL: it must start with https:// or http://."],
    ["https://tracker.example:8080/pb", "The URL must use the standard port (443 for https, 80 for http)."],
    ["https://user:pass@tracker.example/pb", "The URL must not contain a user name or password."],
    ["http://127.0.0.1/pb", "The URL must not point at a private, loopback or link-local address."],
    ["http://169.254.169.254/latest/meta-data", "The URL must not point at a private, loopback or link-local address."],
    ["http://[::1]/pb", "The URL must not point at a private, loopback or link-local address."],
    ["http://[::ffff:10.0.0.1]/pb", "The URL must not point at a private, loopback or link-local address."],
    ["http://0x7f000001/pb", "The URL must not point at a private, loopback or link-local address."],
    ["http://localhost/pb", "The URL must point at a public host, not a local one."],
    ["http://metadata.google.internal/pb", "The URL must point at a public host, not a local one."],
    ["http://intranet/pb", "The URL must name a public host in full (e.g. tracker.example.com)."],
    ["https://{sub1}.example/pb", "Macros go in the path or the query, not in the host."],
    // However the host is spelled: one slash, none, a backslash, a port or a login.
    ["http:/{sub1}.{sub2}.{sub3}.{sub4}/cb", "Macros go in the path or the query, not in the host."],
    ["http:{sub1}.example.com/cb", "Macros go in the path or the query, not in the host."],
    ["http:\\\\{sub1}.example.com/cb", "Macros go in the path or the query, not in the host."],
    ["https://tracker{sub1}.example/pb", "Macros go in the path or the query, not in the host."],
    ["https://{sub1}@tracker.example/pb", "Macros go in the path or the query, not in the host."],
    ["{sub1}://tracker.example/pb", "Macros go in the path or the query, not in the host."],
    ["https://tracker.example:{sub1}/pb", "That is not a URL: it must start with https:// or http://."],
    ["http:/tracker.example/{sub1}?c={click_id}", null],
    ["http://[::127.0.0.1]/pb", "The URL must not point at a private, loopback or link-local address."],
    ["http://[::ffff:0:127.0.0.1]/pb", "The URL must not point at a private, loopback or link-local address."],
    ["http://[2002:7f00:1::1]/pb", "The URL must not point at a private, loopback or link-local address."],
    ["http://[fec0::1]/pb", "The URL must not point at a private, loopback or link-local address."],
    ["http://[64:ff9b::a9fe:a9fe]/pb", "The URL must not point at a private, loopback or link-local address."],
    [
      "https://tracker.example/pb?x={secret}",
      "Unknown macro {secret}: use {sub1}, {sub2}, {sub3}, {sub4}, {sub5}, {click_id}, {event}, {payout}, {currency}, {transaction_id}.",
    ],
    ["https://tracker.example/a b", "The URL must not contain spaces."],
    [`https://tracker.example/${"a".repeat(1000)}`, "The URL must be at most 1000 characters."],
  ])("%s: %s", (url, problem) => {
    expect(postbackUrlProblem(url, production)).toBe(problem);
  });

  test("the emulators' receiver on 127.0.0.1 may be called there, on any port; nothing else private", () => {
    expect(postbackUrlProblem("http://127.0.0.1:41234/pb?c={click_id}", emulators)).toBeNull();
    expect(postbackUrlProblem("http://10.0.0.1/pb", emulators)).toBe(
      "The URL must not point at a private, loopback or link-local address.",
    );
    expect(postbackUrlProblem("http://localhost:41234/pb", emulators)).toBe(
      "The URL must use the standard port (443 for https, 80 for http).",
    );
  });
});

describe("what an affiliate sends", () => {
  test("is parsed, its events in their usual order", () => {
    expect(
      postbackInput.parse({
        advertiser: "cutechat",
        tracker: "/ig",
        url: "https://t.example/pb",
        events: ["refund", "sale"],
      }),
    ).toEqual({ advertiser: "cutechat", tracker: "/ig", url: "https://t.example/pb", events: ["sale", "refund"] });
  });

  test.each([
    [{ tracker: "ig" }, "tracker"],
    [{ events: [] }, "events"],
    [{ events: ["purchase"] }, "events"],
    [{ advertiser: "other" }, "advertiser"],
    [{ id: "../x" }, "id"],
    [{ url: "" }, "url"],
  ])("refuses %j", (overrides, field) => {
    const parsed = postbackInput.safeParse({
      advertiser: "promptchan",
      tracker: "*",
      url: "https://t.example/pb",
      events: ["sale"],
      ...overrides,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe("plainDeliveryError", () => {
  test.each([
    [
      "getaddrinfo ENOTFOUND tracker.example.com",
      "Your tracker's address could not be found: check the domain in the URL.",
    ],
    [
      "tracker.example.com does not resolve.",
      "Your tracker's address could not be found: check the domain in the URL.",
    ],
    [
      "connect ECONNREFUSED 203.0.113.9:443",
      "Your tracker's server refused the connection: check the URL and that the server is up.",
    ],
    ["No answer within 5 s.", "Your tracker did not answer in time: check that it is up, then try again."],
    [
      "The receiver answered 500.",
      "Your tracker answered with an error (500): check the URL and its parameters in your tracker's settings.",
    ],
    [
      "The receiver answered 302 (a redirect): redirects are not followed.",
      "Your tracker answered with a redirect (302), and redirects are not followed: use the address it redirects to.",
    ],
    [
      "x.example resolves to a private address: postbacks only go to public ones.",
      "The URL points at a private network: use your tracker's public address.",
    ],
    [
      "unable to verify the first certificate",
      "Your tracker's https certificate was not accepted: ask your tracker's support to fix it, or use its other address.",
    ],
    [
      "The URL must use the standard port (443 for https, 80 for http).",
      "The URL must use the standard port (443 for https, 80 for http).",
    ],
    ["something nobody expected", "Your tracker could not be reached: check the URL, then try again."],
    [null, "Your tracker could not be reached: check the URL, then try again."],
  ])("%s", (error, said) => {
    expect(plainDeliveryError(error)).toBe(said);
    // Never the code's words: no errno, no "getaddrinfo".
    expect(plainDeliveryError(error)).not.toMatch(/E[A-Z]{4,}|getaddrinfo/);
  });
});
