/**
 * The rules tests' matrix: every collection is tested as anonymous / owner / another affiliate / staff /
 * admin × get / list / create / update / delete, each cell one named test that awaits assertSucceeds or
 * assertFails. The data belongs to the owner, alice, unless a test says otherwise.
 */
import {
  assertFails,
  assertSucceeds,
  type RulesTestContext,
  type RulesTestEnvironment,
} from "@firebase/rules-unit-testing";
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc, type DocumentData } from "firebase/firestore";
import { afterAll, beforeAll, test } from "vitest";
import { startRulesEnv } from "./rules-env.ts";

/** A client's Firestore, as one actor sees it through the rules. */
export type ClientDb = ReturnType<RulesTestContext["firestore"]>;

export const ownerUid = "alice";
export const otherAffiliateUid = "bob";

interface ActorSpec {
  label: string;
  /** The uid the actor signs in with; none for anonymous. */
  uid?: string;
  claims?: Record<string, boolean>;
}

const actors = {
  anonymous: { label: "anonymous" },
  owner: { label: "owner", uid: ownerUid },
  otherAffiliate: { label: "another affiliate", uid: otherAffiliateUid },
  staff: { label: "staff", uid: "sam", claims: { advertiser: true } },
  admin: { label: "admin", uid: "ada", claims: { admin: true } },
} satisfies Record<string, ActorSpec>;

export type Actor = keyof typeof actors;
const actorNames = Object.keys(actors) as Actor[];

export type Access = "allow" | "deny";

/** One request an actor makes; it resolves when the rules let it through. */
export type Operation = (db: ClientDb) => Promise<unknown>;

/** What each actor may do: actor × operation → allow or deny. */
export type AccessTable<Op extends string> = Record<Actor, Record<Op, Access>>;

/** A server-only collection's table: no actor may do anything with it. */
export const noClientAccess: AccessTable<DocumentOperation> = {
  anonymous: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
  owner: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
  otherAffiliate: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
  staff: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
  admin: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
};

export interface RulesSuite {
  /** The Firestore of a client signed in as `actor` (only inside a test: the environment starts in beforeAll). */
  as(actor: Actor): ClientDb;
  /** The Firestore of a client signed in with any other uid, for the cases the five actors do not cover. */
  signedInAs(uid: string, claims?: Record<string, boolean | number>): ClientDb;
}

/**
 * Starts the rules environment of the calling test file (pass its import.meta.url), clears its project and
 * writes `seed` (path → document) with the rules off. Once per file: every write these tests attempt is
 * meant to be refused, so no test changes what the next one reads.
 */
export function useRulesSuite(testFileUrl: string, seed: Record<string, DocumentData>): RulesSuite {
  let env: RulesTestEnvironment | undefined;

  beforeAll(async () => {
    env = await startRulesEnv(testFileUrl);
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await Promise.all(Object.entries(seed).map(([path, data]) => setDoc(doc(db, path), data)));
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  function started(): RulesTestEnvironment {
    if (!env) throw new Error("The rules environment starts in beforeAll: ask for a client inside a test.");
    return env;
  }

  function signedInAs(uid: string, claims?: Record<string, boolean | number>): ClientDb {
    return started().authenticatedContext(uid, claims).firestore();
  }

  return {
    as(actor) {
      const spec: ActorSpec = actors[actor];
      return spec.uid ? signedInAs(spec.uid, spec.claims) : started().unauthenticatedContext().firestore();
    },
    signedInAs,
  };
}

/** Rejects, failing the awaiting test, unless the rules decided `request` as `access` says. */
export function expectAccess(access: Access, request: Promise<unknown>): Promise<unknown> {
  return access === "allow" ? assertSucceeds(request) : assertFails(request);
}

/**
 * Registers one test per actor × operation, named "<subject>: <actor> can|cannot <operation>". (Not named
 * test…: vitest's static `vitest list` would take the call itself for a test.)
 */
export function accessMatrix<Op extends string>(
  suite: RulesSuite,
  subject: string,
  operations: Record<Op, Operation>,
  table: AccessTable<Op>,
): void {
  for (const actor of actorNames) {
    for (const operation of Object.keys(operations) as Op[]) {
      const access = table[actor][operation];
      const verb = access === "allow" ? "can" : "cannot";
      test(`${subject}: ${actors[actor].label} ${verb} ${operation}`, async () => {
        await expectAccess(access, operations[operation](suite.as(actor)));
      });
    }
  }
}

export type DocumentOperation = "get" | "list" | "create" | "update" | "delete";

/**
 * The five requests of the matrix against one collection: get, update and delete the seeded document
 * `existingId`, list the collection (a query on that path, unfiltered), create a new document `newId`.
 */
export function documentOperations(target: {
  collection: string;
  existingId: string;
  newId: string;
  create: DocumentData;
  update: DocumentData;
}): Record<DocumentOperation, Operation> {
  const { collection: path, existingId, newId } = target;
  return {
    get: (db) => getDoc(doc(db, path, existingId)),
    list: (db) => getDocs(collection(db, path)),
    create: (db) => setDoc(doc(db, path, newId), target.create),
    update: (db) => updateDoc(doc(db, path, existingId), target.update),
    delete: (db) => deleteDoc(doc(db, path, existingId)),
  };
}
