import { createHmac } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { expect, test } from "vitest";
import { exampleEvent, exampleSignature } from "../contract/advertiser-servers.js";
import { apiRoutes } from "../contract/index.js";
import { openApiDocument } from "./openapi.js";

const committed = fileURLToPath(new URL("../../../docs/openapi.json", import.meta.url));

/** The document as the repository keeps it: formatted as every file is (`npm run format`). */
async function generated(): Promise<string> {
  const options = await resolveConfig(committed);
  return format(JSON.stringify(openApiDocument()), { ...options, filepath: committed });
}

test("docs/openapi.json is what the contract generates", async () => {
  const expected = await generated();
  // `npm run openapi` runs this test with OPENAPI_WRITE=1: it writes the file instead of comparing.
  if (process.env.OPENAPI_WRITE === "1") writeFileSync(committed, expected);
  if (readFileSync(committed, "utf8") !== expected) {
    expect.fail("docs/openapi.json differs from what the contract generates: run `npm run openapi` to regenerate it.");
  }
});

test("every route of the contract is in the document, with its refusals as { error }", () => {
  const paths = openApiDocument().paths ?? {};
  for (const key of Object.keys(apiRoutes)) {
    const [method, path] = key.split(" ") as [string, string];
    const operation = paths[path]?.[method.toLowerCase() as "get" | "post"];
    expect(operation, key).toBeDefined();
    for (const [status, response] of Object.entries(operation!.responses ?? {})) {
      if (Number(status) >= 400) {
        expect(response, `${key} ${status}`).toMatchObject({
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        });
      }
    }
  }
});

test("the events example's signature is right: an advertiser can check their code against it", () => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(exampleSignature)!;
  const expected = createHmac("sha256", "demo-events-secret-promptchan")
    .update(`${t}.${JSON.stringify(exampleEvent)}`)
    .digest("hex");
  expect(v1).toBe(expected);
});
