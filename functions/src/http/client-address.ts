/**
 * Who is calling, by address: the visitor of a click and the key of every per-address limit (the click
 * redirect's, the inbound postbacks' bad tokens). Only an address the platform itself wrote counts: each
 * proxy in front of the functions appends the address it was reached from to X-Forwarded-For, so the
 * client is the entry the outermost trusted proxy appended, found by counting TRUSTED_PROXY_HOPS entries
 * from the right (the connection's own peer being the first hop). Whatever the client wrote to the left of
 * it, in X-Forwarded-For, Fastly-Client-IP (which Hosting's CDN passes on as the client sent it) or any other
 * header, is never read. docs/hardening.md ("Client addresses") says how a deployment sets and checks it.
 */
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { trustedProxyHops } from "../config.js";

/** proxy-addr's (and Express's `trust proxy`) notion of a trusted hop: the first `TRUSTED_PROXY_HOPS` from us. */
export const isTrustedHop = (_address: string, hop: number): boolean => hop < trustedProxyHops.value();

/** The client's address as the platform saw it ("" when the connection has none, as on a Unix socket). */
export function clientAddress(req: IncomingMessage): string {
  return proxyaddr(req, isTrustedHop) ?? "";
}

/** Where a dashboard session comes from (issue 33's sign-in device): the client's address and user agent. */
export function sessionOrigin(req: IncomingMessage): { address: string; userAgent?: string } {
  const userAgent = req.headers["user-agent"];
  return { address: clientAddress(req), ...(userAgent === undefined ? {} : { userAgent }) };
}

/** What the address was chosen from: for the admin's check of a deployment (GET /api/client_address). */
export function clientAddressReport(req: IncomingMessage) {
  return {
    address: clientAddress(req),
    trusted_proxy_hops: trustedProxyHops.value(),
    /** Every address, nearest first: the connection's peer, then X-Forwarded-For from the right. */
    hops: proxyaddr.all(req).map((address) => address ?? ""),
    fastly_client_ip: req.headers["fastly-client-ip"] ?? null,
  };
}
