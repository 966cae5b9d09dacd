import { assertFails, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { doc, getDoc, setDoc } from "firebase/firestore";
import { afterAll, beforeAll, test } from "vitest";
import { startRulesEnv } from "../support/rules-env.ts";

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await startRulesEnv();
});

afterAll(async () => {
  await env?.cleanup();
});

test("a path no rule names is closed to everyone", async () => {
  const anonymous = env.unauthenticatedContext().firestore();
  const signedIn = env.authenticatedContext("someone").firestore();
  await assertFails(getDoc(doc(anonymous, "unlisted/doc")));
  await assertFails(getDoc(doc(signedIn, "unlisted/doc")));
  await assertFails(setDoc(doc(signedIn, "unlisted/doc"), { x: 1 }));
});
