/**
 * Rate limits: per caller on the API, per address on the click redirect, counted in Firestore so every
 * function instance sees the same count; 429 with Retry-After beyond the limit.
 *
 * A serial file (vitest.config.ts): the bounds below allow for the instances serving a caller, each with its
 * own allowance, and the Functions emulator starts an instance for each request in flight; with the other
 * files running beside, calls made one after another would meet a different instance each time.
 */
import { describe, expect, test } from "vitest";
import { siteUrl } from "../../scripts/lib/project.ts";
import { createAffiliate, openLink } from "../support/backend.ts";
import { startOfRoomyMinute } from "../support/minute.ts";
import { api, createAffiliateUser } from "../support/users.ts";

/** Opens a tracking link as the visitor at `ip` (Hosting reports it in X-Forwarded-For), not following it. */
async function click(path: string, ip: string, userAgent = "hammer"): Promise<Response> {
  const answer = await fetch(`${siteUrl}${path}`, {
    redirect: "manual",
    headers: { "X-Forwarded-For": ip, "User-Agent": userAgent },
  });
  if (answer.status !== 429) await answer.body?.cancel();
  return answer;
}

describe("through the API", () => {
  // The caller's test calls only the api function and the visitor's only track: the Functions emulator keeps
  // each function's instances apart, so with one request in flight each, the two run at once, in one clock
  // minute, each meeting one instance of its function. The rotating visitor's test, on track too, comes after.
  test.concurrent(
    "a caller over 300 calls a minute gets 429 with Retry-After; others do not",
    async () => {
      await startOfRoomyMinute(40_000);
      const [busy, other] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
      let first429 = -1;
      for (let i = 0; i < 370 && first429 < 0; i++) {
        const answer = await api(busy, "GET", "/api/get_user_data");
        if (answer.status === 429) first429 = i;
        else expect(answer.status).toBe(200);
      }
      // create_account was the user's first call of the minute: the 300th get_user_data is its 301st. An
      // instance that had not seen this caller may let its local share of 30 through first.
      expect(first429).toBeGreaterThanOrEqual(299);
      expect(first429).toBeLessThanOrEqual(359);
      const refused = await api(busy, "GET", "/api/get_user_data");
      expect(refused.status).toBe(429);
      expect(refused.json.error).toMatch(/^Too many requests from this account: try again in \d+ s\.$/);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await api(other, "GET", "/api/get_user_data")).status).toBe(200);
    },
    120_000,
  );

  test.concurrent(
    "a visitor opening links over 120 times a minute gets 429; other visitors are still redirected",
    async () => {
      await startOfRoomyMinute(40_000);
      const uid = await createAffiliate({ links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
      const ip = `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.7`;
      let first429 = -1;
      let refused: Response | undefined;
      for (let i = 0; i < 200 && first429 < 0; i++) {
        const answer = await click(`/m/${uid}/tw`, ip);
        if (answer.status === 429) [first429, refused] = [i, answer];
        else expect(answer.status).toBe(302);
      }
      // 120 allowed; an instance that had not seen this visitor may let its local share of 20 through first.
      expect(first429).toBeGreaterThanOrEqual(120);
      expect(first429).toBeLessThanOrEqual(160);
      // When to come back: whole seconds, within the one-minute window, and the same as the message says.
      const retryAfter = refused!.headers.get("retry-after") ?? "";
      expect(retryAfter).toMatch(/^[1-9]\d*$/);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(await refused!.text()).toBe(`Too many requests: try again in ${retryAfter} s.`);
      expect(refused!.headers.get("cache-control")).toBe("private, no-store");
      expect((await openLink(`/m/${uid}/tw`, { ip: "10.250.250.250", userAgent: "hammer" })).status).toBe(302);
    },
    120_000,
  );

  test("rotating the user agent from one address gets no fresh allowance: 429 all the same", async () => {
    await startOfRoomyMinute(40_000);
    const uid = await createAffiliate({ links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
    const ip = `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.9`;
    let first429 = -1;
    for (let i = 0; i < 200 && first429 < 0; i++) {
      const answer = await click(`/m/${uid}/tw`, ip, `Mozilla/5.0 (rotating ${i})`);
      if (answer.status === 429) first429 = i;
      else expect(answer.status).toBe(302);
    }
    expect(first429).toBeGreaterThanOrEqual(120);
    expect(first429).toBeLessThanOrEqual(160);
  }, 120_000);
});
