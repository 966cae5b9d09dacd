/**
 * The one auth middleware (STYLE.md): reads the Firebase ID token from Authorization, raw (as SPEC.md §7's
 * front-end sends it) or as "Bearer <token>", verifies it with revocation and disabled-user checks, and
 * puts the caller on the request. Every refusal is a 401 with a message saying why.
 */
import type { NextFunction, Request, Response } from "express";
import { getAuth } from "firebase-admin/auth";
import { adminEmails } from "../config.js";
import { db } from "../data/firestore.js";
import { ApiError } from "./errors.js";

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
  try {
    decoded = await getAuth().verifyIdToken(token, true);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    throw new ApiError("unauthenticated", refusals[code] ?? "The ID token is not valid.");
  }
  const email = (decoded.email ?? "").toLowerCase();
  const configuredAdmin = decoded.email_verified === true && email !== "" && adminEmails().includes(email);
  if (configuredAdmin && decoded.admin !== true) {
    // Once, so the Firestore rules (which see only the token's claims) treat them as admin after a refresh.
    const user = await getAuth().getUser(decoded.uid);
    await getAuth().setCustomUserClaims(decoded.uid, { ...user.customClaims, admin: true });
  }
  const admin = decoded.admin === true || configuredAdmin;
  req.caller = { uid: decoded.uid, email, admin, staff: admin || decoded.advertiser === true };
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
