import { existsSync } from "node:fs";
import { SetupError } from "./emulator-env.ts";
import { step } from "./process.ts";

/** The end-to-end layer drives Debian's Chromium; install it when it is missing and we may. */
export async function ensureChromium(): Promise<void> {
  const executable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
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
