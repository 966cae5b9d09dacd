import { setGlobalOptions } from "firebase-functions";
import { onRequest } from "firebase-functions/https";
import { createApp } from "./http/app.js";

setGlobalOptions({ region: "us-central1", maxInstances: 50 });

/** The product API: Hosting rewrites /api/** here. */
export const api = onRequest({ memory: "512MiB", concurrency: 80 }, createApp());
