import { Router } from "express";

export const healthRoutes = Router();

// GET /api/health: proves the Hosting rewrite reaches the function.
healthRoutes.get("/health", (_req, res) => {
  res.json({ ok: true });
});
