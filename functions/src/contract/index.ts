/**
 * The API's contract: every route, keyed "METHOD /api/path", with what it takes and what it answers, as
 * zod schemas. The server parses requests with them and types its answers by them (http/routes), the web
 * client is typed by them (web/src/lib/api.ts, `import type` only), the OpenAPI document is generated
 * from them (http/openapi.ts, docs/openapi.json), and tests/api/contract.test.ts checks every route's real
 * answers against them. It imports only zod and the domain.
 */
import { accountApi } from "./accounts.js";
import { advertiserServerApi } from "./advertiser-servers.js";
import { advertiserApi } from "./advertiser.js";
import { commissionGroupsApi } from "./commission-groups.js";
import { integrationApi } from "./integration.js";
import { payoutApi } from "./payouts.js";
import { postbackApi } from "./postbacks.js";
import { programmeSettingsApi } from "./programme-settings.js";
import { rewardsApi } from "./rewards.js";
import { riskApi } from "./risk.js";
import type { Routes } from "./route.js";
import { systemApi } from "./system.js";

export const apiRoutes = {
  ...systemApi,
  ...accountApi,
  ...payoutApi,
  ...advertiserApi,
  ...integrationApi,
  ...postbackApi,
  ...programmeSettingsApi,
  ...commissionGroupsApi,
  ...rewardsApi,
  ...riskApi,
  ...advertiserServerApi,
} as const satisfies Routes;

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteKey = keyof ApiRoutes;

export type { AnswerOf, Method, RequestOf, RouteSpec, SentBy } from "./route.js";
