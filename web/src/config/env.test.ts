import { describe, expect, test } from "vitest";
import { parseEnv } from "./env";

const complete = {
  VITE_FIREBASE_API_KEY: "key",
  VITE_FIREBASE_AUTH_DOMAIN: "demo.firebaseapp.com",
  VITE_FIREBASE_PROJECT_ID: "demo-affiliate",
  VITE_FIREBASE_APP_ID: "1:1:web:1",
  VITE_SITE_URL: "https://example.test/",
};

describe("parseEnv", () => {
  test("reads a production configuration without emulators", () => {
    const env = parseEnv(complete);
    expect(env.firebase.projectId).toBe("demo-affiliate");
    expect(env.emulators).toBeUndefined();
    expect(env.tokenSyncUrl).toBeUndefined();
  });

  test("reads the emulator addresses when emulators are on", () => {
    const env = parseEnv({
      ...complete,
      VITE_USE_EMULATORS: "true",
      VITE_AUTH_EMULATOR_URL: "http://127.0.0.1:9099",
      VITE_FIRESTORE_EMULATOR_HOST: "127.0.0.1:8085",
    });
    expect(env.emulators).toEqual({
      authUrl: "http://127.0.0.1:9099",
      firestoreHost: "127.0.0.1",
      firestorePort: 8085,
    });
  });

  test("names every missing or invalid value", () => {
    expect(() => parseEnv({ ...complete, VITE_FIREBASE_API_KEY: "", VITE_SITE_URL: "not a url" })).toThrow(
      "VITE_FIREBASE_API_KEY, VITE_SITE_URL",
    );
  });

  test("refuses emulators without their addresses", () => {
    expect(() => parseEnv({ ...complete, VITE_USE_EMULATORS: "true" })).toThrow(/emulator addresses are missing/);
  });
});
