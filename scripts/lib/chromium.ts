import { existsSync } from "node:fs";
import { SetupError } from "./emulator-env.ts";
import { step } from "./process.ts";

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH; never a browser download. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The end-to-end layer and the browser benchmarks drive Debian's Chromium; install it when it is missing and we may. */
export async function ensureChromium(): Promise<void> {
  const executable = chromiumPath;
  if (existsSync(executable)) return;
  if (process.env.CHROMIUM_PATH) {
    throw new SetupError(`CHROMIUM_PATH points at ${executable}, which does not exist: fix or unset it.`);
  }
  if (process.platform !== "linux" || process.getuid?.() !== 0) {
    throw new SetupError(
      "The end-to-end tests need Chromium and /usr/bin/chromium is missing: install it " +
        "(`sudo apt-get install -y chromium` on Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await step("Installing Chromium (apt-get)", "apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
    env,
  });
  if (!existsSync(executable)) {
    await step("Refreshing the package lists (apt-get update)", "apt-get", ["update"], { env });
    await step("Installing Chromium (apt-get)", "apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      env,
    });
  }
}
