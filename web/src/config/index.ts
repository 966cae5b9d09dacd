import { parseEnv } from "./env";

/** The app's validated configuration (web/.env.<mode>), read once. */
export const config = parseEnv(import.meta.env);
