import { advertiser } from "../support/rules-factories.ts";
import { documentOperations, accessMatrix, useRulesSuite } from "../support/rules-matrix.ts";

const rates = { commission_rate: 0.6, repeat_rates: { "1": 0.5 } };
const suite = useRulesSuite(import.meta.url, {
  "advertisers/promptchan": advertiser(),
  "advertisers/promptchan/rate_history/changes": {
    changes: [{ version: 0, effective_from: new Date(0), everyone_from: null, ...rates }],
  },
});

// Promised terms (issue 34): every signed-in user reads the rate changes (their dashboard works out their own
// rates from them); nobody signed out does, and no client writes them (the settings save does).
accessMatrix(
  suite,
  "advertisers/{advertiserId}/rate_history/{document}",
  documentOperations({
    collection: "advertisers/promptchan/rate_history",
    existingId: "changes",
    newId: "other",
    create: { changes: [] },
    update: { changes: [] },
  }),
  {
    anonymous: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
    owner: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    otherAffiliate: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    staff: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    admin: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
  },
);
