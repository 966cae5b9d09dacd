/**
 * Faults: a crash after the ledger commit but before the answer, a crash before the commit, and the
 * Firestore emulator exported and re-imported mid-run. Each time the sender retries, and nothing is lost
 * or counted twice. The faults are asked for with X-Test-Fault, which only the emulated functions honour.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { describe, expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { demoProjectId, emulatorUrl } from "../../scripts/lib/project.ts";
import { createAffiliate, refs, saleEvent } from "../support/backend.ts";

async function figures(uid: string) {
  const affiliate = (await refs.affiliate(uid).get()).data()!;
  const [transactions, days] = await Promise.all([refs.transactions(uid).get(), refs.days(uid).get()]);
  return {
    earnings: affiliate.total_earnings_cents,
    sales: affiliate.total_sales,
    transactions: transactions.size,
    days: days.docs.map((day) => day.data()),
  };
}

describe("a crash around the ledger commit", () => {
  test("after the commit: a generic 500, then the retry is a duplicate and nothing counts twice", async () => {
    const uid = await createAffiliate();
    const body = saleEvent(uid);
    const crashed = await sendEvent(body, { headers: { "X-Test-Fault": "after-commit" } });
    expect(crashed.status).toBe(500);
    expect(crashed.body).toEqual({ error: "Internal error. Please try again later." });
    expect(crashed.text).not.toMatch(/Injected|at .*\.js/);
    const committed = await figures(uid);
    expect(committed).toMatchObject({ earnings: 3_000, sales: 1, transactions: 1 });

    // The advertiser's server retries, as it must after a 500.
    expect(await sendEvent(body)).toMatchObject({ status: 200, body: { status: "duplicate" } });
    expect(await figures(uid)).toEqual(committed);
  });

  test("before the commit: a generic 500 and nothing written; the retry applies it once", async () => {
    const uid = await createAffiliate();
    const before = await figures(uid);
    const body = saleEvent(uid);
    const crashed = await sendEvent(body, { headers: { "X-Test-Fault": "before-commit" } });
    expect(crashed).toMatchObject({ status: 500, body: { error: "Internal error. Please try again later." } });
    expect(await figures(uid)).toEqual(before);
    expect((await refs.events().doc(`promptchan_${body.id}`).get()).exists).toBe(false);

    expect(await sendEvent(body)).toMatchObject({ status: 200, body: { status: "applied" } });
    expect(await figures(uid)).toMatchObject({ earnings: 3_000, sales: 1, transactions: 1 });
  });
});

describe("the Firestore emulator exported and re-imported mid-run", () => {
  test("the import holds everything written before the export; writing goes on without loss", async () => {
    const uid = await createAffiliate();
    for (const amount of ["10.00", "20.00", "30.00"])
      expect((await sendEvent(saleEvent(uid, amount))).status).toBe(200);

    const directory = mkdtempSync(path.join(os.tmpdir(), "firestore-export-"));
    const firestore = emulatorUrl("firestore");
    const exported = await fetch(`${firestore}/emulator/v1/projects/${demoProjectId}:export`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        database: `projects/${demoProjectId}/databases/(default)`,
        export_directory: directory,
        export_name: "mid-run",
      }),
    });
    expect(exported.status).toBe(200);

    // Writing goes on while the export sits on disk.
    expect((await sendEvent(saleEvent(uid, "40.00"))).status).toBe(200);

    // Re-imported into a project of its own, so the live one (other tests are using it) is untouched.
    const copyProject = `demo-affiliate-reimport-${randomUUID().slice(0, 8)}`;
    const imported = await fetch(`${firestore}/emulator/v1/projects/${copyProject}:import`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        database: `projects/${copyProject}/databases/(default)`,
        export_directory: path.join(directory, "mid-run", "mid-run.overall_export_metadata"),
      }),
    });
    expect(imported.status).toBe(200);

    const copy = getFirestore(initializeApp({ projectId: copyProject }, copyProject));
    const copied = (await copy.doc(`affiliates/${uid}`).get()).data()!;
    expect(copied.total_earnings_cents).toBe(3_600); // 60% of $60: the three sales before the export
    expect((await copy.collection(`affiliates/${uid}/transactions`).get()).size).toBe(3);
    expect((await copy.collection("events").where("uid", "==", uid).get()).size).toBe(3);
    // And the live project has the fourth as well: nothing was lost by exporting.
    expect(await figures(uid)).toMatchObject({ earnings: 6_000, sales: 4, transactions: 4 });
  });
});
