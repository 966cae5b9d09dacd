import { Router } from "express";
import { systemApi as api } from "../../contract/system.js";
import { reply } from "../answers.js";
import { requireAdmin, requireCaller } from "../auth.js";
import { clientAddressReport } from "../client-address.js";

/** A deployment's check of who the API takes a caller for (docs/hardening.md, "Client addresses"). */
export const clientAddressRoutes = Router();

// GET /api/client_address: the caller's address as the API sees it, and the hops it was chosen from (admin).
clientAddressRoutes.get("/client_address", requireCaller, requireAdmin, (req, res) => {
  reply(res, api["GET /api/client_address"], clientAddressReport(req));
});
