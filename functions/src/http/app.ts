import compression from "compression";
import express from "express";
import { limits } from "../config.js";
import { isTrustedHop } from "./client-address.js";
import { errorHandler, notFound } from "./error-handler.js";
import { limitBody } from "./raw-body.js";
import { accountRoutes } from "./routes/accounts.js";
import { advertiserRoutes } from "./routes/advertiser.js";
import { clientAddressRoutes } from "./routes/client-address.js";
import { commissionGroupRoutes } from "./routes/commission-groups.js";
import { rewardRoutes } from "./routes/rewards.js";
import { eventRoutes } from "./routes/events.js";
import { healthRoutes } from "./routes/health.js";
import { integrationRoutes } from "./routes/integration.js";
import { linkRoutes } from "./routes/links.js";
import { openApiRoutes } from "./routes/openapi.js";
import { payoutRoutes } from "./routes/payouts.js";
import { postbackRoutes } from "./routes/postback.js";
import { postbackSettingRoutes } from "./routes/postbacks.js";
import { programmeSettingsRoutes } from "./routes/programme-settings.js";
import { riskRoutes } from "./routes/risk.js";

/** The Express app behind function `api`; Hosting sends it every /api/** request. */
export function createApp(): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // req.ip and req.protocol read only what the platform's own proxies wrote (http/client-address.ts).
  app.set("trust proxy", isTrustedHop);
  app.use((_req, res, next) => {
    // API answers are per caller and must never be cached by Hosting's CDN or the browser.
    res.set("Cache-Control", "private, no-store");
    // The Functions runtime's own Express adds this; it tells an attacker what we run and nothing else.
    res.removeHeader("X-Powered-By");
    next();
  });

  // Large answers (the whole programme's summary is megabytes of repetitive JSON, about tenfold smaller
  // gzipped) compressed when the caller accepts it, whatever sits in front of the function; small ones as
  // they are.
  app.use(compression({ threshold: 16 * 1024 }));

  const api = express.Router();
  // Unauthenticated: the health check, the API's own description, and the advertisers' events and postbacks
  // (signed or tokened instead).
  api.use(healthRoutes);
  api.use(openApiRoutes);
  api.use(eventRoutes);
  api.use(postbackRoutes);
  // Everything else is a signed-in user's (each route starts with requireCaller).
  api.use(
    limitBody(limits.maxApiBodyBytes),
    accountRoutes,
    linkRoutes,
    payoutRoutes,
    advertiserRoutes,
    integrationRoutes,
    postbackSettingRoutes,
    programmeSettingsRoutes,
    commissionGroupRoutes,
    rewardRoutes,
    riskRoutes,
    clientAddressRoutes,
  );
  app.use("/api", api);

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
