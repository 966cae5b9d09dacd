import { advertiser } from "../support/rules-factories.ts";
import { documentOperations, accessMatrix, useRulesSuite } from "../support/rules-matrix.ts";

const suite = useRulesSuite(import.meta.url, {
  "advertisers/promptchan": advertiser(),
});

// The registry is public: the landing pages show it before anyone signs in.
accessMatrix(
  suite,
  "advertisers/{advertiserId}",
  documentOperations({
    collection: "advertisers",
    existingId: "promptchan",
    newId: "newbrand",
    create: advertiser({ name: "New brand", website: "https://newbrand.example" }),
    update: { website: "https://evil.example" },
  }),
  {
    anonymous: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    owner: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    otherAffiliate: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    staff: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    admin: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
  },
);
