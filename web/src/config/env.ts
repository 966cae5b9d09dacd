import { z } from "zod/mini";

/** The web app's configuration, checked once at start-up so a missing value fails loudly, not later. */
const envSchema = z.object({
  VITE_FIREBASE_API_KEY: z.string().check(z.minLength(1)),
  VITE_FIREBASE_AUTH_DOMAIN: z.string().check(z.minLength(1)),
  VITE_FIREBASE_PROJECT_ID: z.string().check(z.minLength(1)),
  VITE_FIREBASE_APP_ID: z.string().check(z.minLength(1)),
  VITE_USE_EMULATORS: z._default(z.enum(["true", "false"]), "false"),
  VITE_AUTH_EMULATOR_URL: z.optional(z.url()),
  VITE_FIRESTORE_EMULATOR_HOST: z.optional(z.string()),
  VITE_SITE_URL: z.url(),
  VITE_TOKEN_SYNC_URL: z.optional(z.union([z.url(), z.literal("")])),
});

export interface AppEnv {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string };
  emulators: { authUrl: string; firestoreHost: string; firestorePort: number } | undefined;
  tokenSyncUrl: string | undefined;
}

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const names = [...new Set(result.error.issues.map((issue) => issue.path.join(".")))];
    throw new Error(
      `The web app's configuration is incomplete or invalid: ${names.join(", ")} (see web/.env.example).`,
    );
  }
  const env = result.data;
  let emulators: AppEnv["emulators"];
  if (env.VITE_USE_EMULATORS === "true") {
    const [host, port] = (env.VITE_FIRESTORE_EMULATOR_HOST ?? "").split(":");
    if (!env.VITE_AUTH_EMULATOR_URL || !host || !Number(port)) {
      throw new Error(
        "VITE_USE_EMULATORS is true but the emulator addresses are missing (they come from firebase.json).",
      );
    }
    emulators = { authUrl: env.VITE_AUTH_EMULATOR_URL, firestoreHost: host, firestorePort: Number(port) };
  }
  return {
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    },
    emulators,
    tokenSyncUrl: env.VITE_TOKEN_SYNC_URL || undefined,
  };
}
