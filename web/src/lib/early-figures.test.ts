import { describe, expect, test } from "vitest";
import type { AppEnv } from "../config/env";
import { currentToken, decodeFields, documentsUrl } from "./early-figures";

const now = Date.parse("2026-11-26T12:00:00Z");
const record = (expirationTime: unknown, accessToken: unknown = "id-token", uid: unknown = "u1") => ({
  uid,
  stsTokenManager: { accessToken, refreshToken: "refresh", expirationTime },
});

describe("currentToken", () => {
  test("gives the uid and token while the token has more than a minute left", () => {
    expect(currentToken(record(now + 61_000), now)).toEqual({ uid: "u1", token: "id-token" });
  });

  test("leaves a token near or past its end, and anything not shaped like Auth's record, to Auth", () => {
    expect(currentToken(record(now + 60_000), now)).toBeUndefined();
    expect(currentToken(record(now - 1), now)).toBeUndefined();
    expect(currentToken(record(String(now + 3_600_000)), now)).toBeUndefined();
    expect(currentToken(record(now + 3_600_000, ""), now)).toBeUndefined();
    expect(currentToken(record(now + 3_600_000, "t", 7), now)).toBeUndefined();
    expect(currentToken(undefined, now)).toBeUndefined();
    expect(currentToken("firebase:authUser", now)).toBeUndefined();
  });
});

describe("documentsUrl", () => {
  const firebase = { apiKey: "k", authDomain: "d", projectId: "demo-affiliate", appId: "a" };
  test("is the emulator's when the app uses the emulators, Firestore's otherwise", () => {
    const emulated: AppEnv = {
      firebase,
      emulators: { authUrl: "http://127.0.0.1:9099", firestoreHost: "127.0.0.1", firestorePort: 8080 },
      tokenSyncUrl: undefined,
    };
    expect(documentsUrl(emulated)).toBe(
      "http://127.0.0.1:8080/v1/projects/demo-affiliate/databases/(default)/documents",
    );
    expect(documentsUrl({ ...emulated, emulators: undefined })).toBe(
      "https://firestore.googleapis.com/v1/projects/demo-affiliate/databases/(default)/documents",
    );
  });
});

describe("decodeFields", () => {
  test("turns the REST API's typed values into what the SDK gives, with Dates for timestamps", () => {
    const decoded = decodeFields({
      total_clicks: { integerValue: "42" },
      rate: { doubleValue: 0.25 },
      name: { stringValue: "Ada" },
      fraud_user: { booleanValue: false },
      payout: { nullValue: null },
      created_at: { timestampValue: "2026-11-01T10:00:00.123Z" },
      tags: { arrayValue: { values: [{ stringValue: "a" }, { integerValue: "2" }] } },
      empty_list: { arrayValue: {} },
      recent_days: {
        mapValue: { fields: { "2026-11-25": { mapValue: { fields: { clicks: { integerValue: "3" } } } } } },
      },
      empty_map: { mapValue: {} },
    });
    expect(decoded).toEqual({
      total_clicks: 42,
      rate: 0.25,
      name: "Ada",
      fraud_user: false,
      payout: null,
      created_at: new Date("2026-11-01T10:00:00.123Z"),
      tags: ["a", 2],
      empty_list: [],
      recent_days: { "2026-11-25": { clicks: 3 } },
      empty_map: {},
    });
    expect(decodeFields(undefined)).toEqual({});
  });
});
