/**
 * Who the client is (issue 30): the visitor of a click and every per-address limit are keyed on the address
 * the platform's proxy appended to X-Forwarded-For, never on what a client writes in a header itself. Here a
 * real appending proxy (tests/support/edge-proxy.ts, standing for Hosting's CDN) sits in front of the Hosting
 * emulator, and each test connects to it from a loopback address of its own. A serial file, as
 * rate-limits.serial.test.ts is: its 429s count on the instances that serve it.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emulators } from "../../scripts/lib/project.ts";
import { affiliateView, createAffiliate, openLink } from "../support/backend.ts";
import { startEdgeProxy, type EdgeProxy } from "../support/edge-proxy.ts";
import { startOfRoomyMinute } from "../support/minute.ts";
import { createUser } from "../support/users.ts";

let edge: EdgeProxy;
beforeAll(async () => {
  edge = await startEdgeProxy();
});
afterAll(() => edge.close());

const links = { promptchan: ["/tw"], cutechat: [], creategirls: [] };

describe("through Hosting's CDN", () => {
  test(
    "150 clicks from one address, each forging another in X-Forwarded-For and Fastly-Client-IP: one visitor, one click, and 429s past the limit",
    { timeout: 60_000 },
    async () => {
      await startOfRoomyMinute(20_000);
      const uid = await createAffiliate({ links });
      const statuses: number[] = [];
      for (let i = 0; i < 150; i++) {
        const forged = `198.51.${Math.floor(i / 250)}.${i % 250}`;
        const answer = await openLink(`/m/${uid}/tw`, {
          edge: { port: edge.port, from: "127.0.0.21" },
          forgedForwardedFor: forged,
          forgedFastlyClientIp: forged,
          userAgent: "rotating nothing",
        });
        statuses.push(answer.status);
      }
      expect((await affiliateView(uid)).trackers.promptchan["/tw"]?.clicks).toBe(1);
      // The limit is 120 a minute per address; each emulated instance lets 20 through on its own count first.
      expect(statuses.filter((status) => status === 302).length).toBeLessThanOrEqual(140);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
      expect(statuses.every((status) => status === 302 || status === 429)).toBe(true);
    },
  );

  test("two people at two addresses, forging the same headers: two visitors", async () => {
    const uid = await createAffiliate({ links });
    for (const from of ["127.0.0.22", "127.0.0.23", "127.0.0.22"]) {
      const answer = await openLink(`/m/${uid}/tw`, {
        edge: { port: edge.port, from },
        forgedForwardedFor: "203.0.113.50",
        forgedFastlyClientIp: "203.0.113.50",
        userAgent: "same browser",
      });
      expect(answer.status).toBe(302);
    }
    expect((await affiliateView(uid)).trackers.promptchan["/tw"]?.clicks).toBe(2);
  });

  test("GET /api/client_address shows the admin the address the API takes them for, and what it read", async () => {
    const admin = await createUser({ claims: { admin: true } });
    const answer = await new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const request = http.request(
        {
          host: emulators.hosting.host,
          port: edge.port,
          localAddress: "127.0.0.24",
          path: "/api/client_address",
          agent: false,
          headers: {
            Authorization: admin.token,
            "X-Forwarded-For": "203.0.113.9",
            "Fastly-Client-IP": "192.0.2.9",
          },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        address: "127.0.0.24",
        trusted_proxy_hops: 1,
        // The emulator's function sees no peer address (a Unix socket), then the header from the right.
        hops: ["", "127.0.0.24", "203.0.113.9"],
        fastly_client_ip: "192.0.2.9",
      },
    });
  });
});
