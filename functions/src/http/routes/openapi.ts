import { Router } from "express";
import { systemApi as api } from "../../contract/system.js";
import { reply } from "../answers.js";

/** The contract as OpenAPI 3.1 (unauthenticated: it documents the public integrations). */
export const openApiRoutes = Router();

// GET /api/openapi.json: the OpenAPI document, generated from the contract once per instance.
openApiRoutes.get("/openapi.json", async (_req, res) => {
  // Loaded here, not at module scope: only this path pays for the generator.
  const { openApiDocument } = await import("../openapi.js");
  reply(res, api["GET /api/openapi.json"], openApiDocument());
});
