import { Router } from "express";
import { systemApi as api } from "../../contract/system.js";
import { reply } from "../answers.js";

export const healthRoutes = Router();

// GET /api/health: proves the Hosting rewrite reaches the function.
healthRoutes.get("/health", (_req, res) => {
  reply(res, api["GET /api/health"], { ok: true });
});
