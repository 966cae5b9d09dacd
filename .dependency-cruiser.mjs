/**
 * Which code may import which (docs/architecture.md draws the layers): `npm run lint:deps`, one of the
 * static steps of `npm test`. A new import that runs against the layers, or closes a cycle, fails it.
 *
 * functions/src, lowest first; a layer imports only the layers below it:
 *   domain/  ←  config.ts, errors.ts  ←  data/  ←  rate-limits/  ←  services  ←  http/  ←  index.ts
 * where the services are accounts/ advertiser/ invoices/ ledger/ pages/ payouts/ postbacks/ tracking/ (peers, which never
 * import each other: what two of them share goes down into data/). Beside them, contract/ (the API's requests
 * and answers as zod schemas) stands on the domain alone; the services, http/ and the web app (types only)
 * import it.
 */

const fn = "^functions/src/";
const domain = `${fn}domain/`;
const contract = `${fn}contract/`;
const foundation = `${fn}(config|errors)\\.ts$`;
const data = `${fn}data/`;
const rateLimits = `${fn}rate-limits/`;
const serviceNames = "accounts|advertiser|groups|invoices|ledger|pages|payouts|postbacks|risk|tracking";
const services = `${fn}(${serviceNames})/`;
const http = `${fn}http/`;
const entry = `${fn}index\\.ts$`;
const tests = "\\.test\\.tsx?$";

/** `name`: code in `from` must not import code in any of `higher`. */
const below = (name, from, higher, comment) => ({
  name,
  comment,
  severity: "error",
  from: { path: from },
  to: { path: higher },
});

const functionsRules = [
  {
    name: "domain-is-pure",
    comment:
      "functions/src/domain is the business rules the functions and the web app share: it imports nothing but itself, zod and the audited libraries that run in both (@noble/hashes, @scure/base, ipaddr.js, ibantools).",
    severity: "error",
    from: { path: domain, pathNot: tests },
    to: {
      pathNot: [
        domain,
        "^node_modules/zod/",
        "^(functions/)?node_modules/(@noble/hashes|@scure/base|ipaddr\\.js|ibantools)/",
      ],
    },
  },
  {
    name: "contract-imports-only-domain",
    comment:
      "functions/src/contract is the API's requests and answers, imported by the functions and (as types) by the web app: it imports nothing but itself, zod and the domain.",
    severity: "error",
    from: { path: contract, pathNot: tests },
    to: { pathNot: [contract, domain, "^node_modules/zod/"] },
  },
  below(
    "foundation-imports-only-domain",
    foundation,
    [contract, data, rateLimits, services, http, entry],
    "config.ts and errors.ts sit just above the domain: they import the domain and nothing else of ours.",
  ),
  below(
    "data-is-below-services",
    data,
    [contract, rateLimits, services, http, entry],
    "data/ (Firestore access, lookups, aggregate writes) is what the services build on; it never imports them.",
  ),
  below(
    "rate-limits-are-below-services",
    rateLimits,
    [contract, services, http, entry],
    "rate-limits/ is applied by the HTTP adapter and the tracking link alike; it knows neither.",
  ),
  below(
    "services-are-below-http",
    services,
    [http, entry],
    "Services are called by the HTTP adapter (and index.ts); they never reach back into either: errors are ApiErrors from errors.ts, limits from rate-limits/.",
  ),
  {
    name: "services-are-peers",
    comment:
      "A service folder does not import another one; what two services share (a lookup, an aggregate write) goes down into data/.",
    severity: "error",
    from: { path: services },
    to: { path: services, pathNot: `${fn}$1/` },
  },
  below("http-is-below-index", http, [entry], "index.ts wires the HTTP adapter into functions; nothing imports it."),
  {
    name: "functions-stay-in-functions",
    comment: "The functions are deployed on their own: they import nothing from web/, scripts/ or tests/.",
    severity: "error",
    from: { path: fn },
    to: { path: "^(web|scripts|tests)/" },
  },
  {
    name: "web-imports-only-the-domain-and-contract-of-functions",
    comment:
      "The web app shares the business rules (@domain/...) and the API's contract (@contract/...), and nothing else of the functions.",
    severity: "error",
    from: { path: "^web/src/" },
    to: { path: fn, pathNot: [domain, contract] },
  },
  {
    name: "web-imports-the-contract-as-types-only",
    comment:
      "The web client is typed by the contract (`import type`); its schemas, and zod with them, stay out of the browser's bundles.",
    severity: "error",
    from: { path: "^web/src/" },
    to: { path: contract, dependencyTypesNot: ["type-only"] },
  },
];

// --- web/src -------------------------------------------------------------------------------------------
// The web layers, lowest first: config/ and lib/  ←  components/  ←  features/<area>  ←  app/.
const web = "^web/src/";
const webRules = [
  {
    name: "web-features-do-not-import-app",
    severity: "error",
    from: { path: `${web}features/` },
    to: { path: `${web}app/` },
  },
  {
    name: "web-features-do-not-import-each-other",
    severity: "error",
    from: { path: `${web}features/([^/]+)/` },
    to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
  },
  {
    name: "web-components-are-below-features",
    severity: "error",
    from: { path: `${web}components/` },
    to: { path: `${web}(features|app)/` },
  },
  {
    name: "web-lib-and-config-are-the-bottom",
    severity: "error",
    from: { path: `${web}(lib|config)/` },
    to: { path: `${web}(features|components|app)/` },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles anywhere: a cycle hides which module is the lower one.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      comment: "Every import resolves, so no dependency escapes the rules above unseen.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    ...functionsRules,
    ...webRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // A type-only import is a dependency too: a back-arrow in a type is still a back-arrow.
    tsPreCompilationDeps: true,
    // web/'s tsconfig: it extends the root one and adds the @domain/* and @contract/* aliases into functions/src.
    tsConfig: { fileName: "web/tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
