import express from "express";
import { errorHandler, notFound } from "./error-handler.js";
import { eventRoutes } from "./routes/events.js";
import { healthRoutes } from "./routes/health.js";

/** The Express app behind function `api`; Hosting sends it every /api/** request. */
export function createApp(): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);
  app.use((_req, res, next) => {
    // API answers are per caller and must never be cached by Hosting's CDN or the browser.
    res.set("Cache-Control", "private, no-store");
    // The Functions runtime's own Express adds this; it tells an attacker what we run and nothing else.
    res.removeHeader("X-Powered-By");
    next();
  });

  const api = express.Router();
  api.use(healthRoutes);
  api.use(eventRoutes);
  app.use("/api", api);

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
