/**
 * The one auth middleware (STYLE.md): reads the Firebase ID token from Authorization, raw (as SPEC.md §7's
 * front-end sends it) or as "Bearer <token>", verifies it, checks the account (disabled, tokens revoked)
 * and takes its roles from the account's custom claims, then puts the caller on the request and counts the
 * call against the caller's rate limit. Every refusal is a 401 with a message saying why (429 over limit).
 */
import type { NextFunction, Request, Response } from "express";
import { getAuth } from "firebase-admin/auth";
import { adminEmails } from "../config.js";
import { db } from "../data/firestore.js";
import { ApiError } from "../errors.js";
import { apiLimiter, enforce } from "../rate-limits/limiters.js";

export interface Caller {
  uid: string;
  email: string;
  admin: boolean;
  /** Advertiser staff (the advertiser claim) or admin. */
  staff: boolean;
}

const tokenPattern = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

const refusals: Record<string, string> = {
  "auth/id-token-expired": "Your sign-in has expired: sign in again.",
  "auth/id-token-revoked": "Your sign-in was revoked: sign in again.",
  "auth/user-disabled": "This account is disabled.",
  "auth/user-not-found": "This account no longer exists.",
};

export async function requireCaller(req: Request, _res: Response, next: NextFunction): Promise<void> {
  const header = req.get("Authorization")?.trim() ?? "";
  const token = header.replace(/^Bearer(\s+|$)/i, "");
  if (!token) throw new ApiError("unauthenticated", "Sign in first: the request has no ID token.");
  if (token.length > 8192 || !tokenPattern.test(token)) {
    throw new ApiError("unauthenticated", "The ID token is malformed.");
  }
  db(); // initialises the Admin SDK
  let decoded;
  let user;
  try {
    decoded = await getAuth().verifyIdToken(token);
    // The account as it is now (one lookup): disabled, signed out everywhere, or its roles changed since
    // the token was minted all take effect at once, whatever the token still says.
    user = await getAuth().getUser(decoded.uid);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    throw new ApiError("unauthenticated", refusals[code] ?? "The ID token is not valid.");
  }
  if (user.disabled) throw new ApiError("unauthenticated", refusals["auth/user-disabled"]!);
  const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
  if (decoded.auth_time * 1000 < validSince) throw new ApiError("unauthenticated", refusals["auth/id-token-revoked"]!);

  const email = (user.email ?? "").toLowerCase();
  const claims = user.customClaims ?? {};
  const configuredAdmin = user.emailVerified && email !== "" && adminEmails().includes(email);
  if (configuredAdmin && claims.admin !== true) {
    // Once, so the Firestore rules (which see only the token's claims) treat them as admin after a refresh.
    await getAuth().setCustomUserClaims(decoded.uid, { ...claims, admin: true });
  }
  const admin = claims.admin === true || configuredAdmin;
  req.caller = { uid: decoded.uid, email, admin, staff: admin || claims.advertiser === true };
  await enforce(apiLimiter, decoded.uid, "this account");
  next();
}

/** The caller, for routes behind requireCaller. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw new ApiError("unauthenticated", "Sign in first: the request has no ID token.");
  return req.caller;
}

export function requireStaff(req: Request, _res: Response, next: NextFunction): void {
  if (!callerOf(req).staff) throw new ApiError("forbidden", "Only advertiser staff may do this.");
  next();
}

export function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  if (!callerOf(req).admin) throw new ApiError("forbidden", "Only an admin may do this.");
  next();
}

declare module "express-serve-static-core" {
  interface Request {
    caller?: Caller;
  }
}
