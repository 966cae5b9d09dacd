/**
 * Global setup of the whole test run: before any test file starts, each function gets warm workers in the
 * Functions emulator. The emulator starts a worker process for every request that finds none idle, and the
 * worker loads its function's code at its first request; a worker stays for the run. At a run's start every
 * file's first requests did that at once, on two cores, and waited past their tests' limits (27 November:
 * a five-request test ran out of 60 s, a file's setup out of its hook's). Here the workers start together
 * before any test's clock runs: the same work, out of the tests' time.
 *
 * Only in a full run (npm test sets WARM_FUNCTIONS), whose files run four at a time: it takes about a minute
 * on an idle machine, which a run of a file or a layer would wait for with no burst to spare it. And only when
 * the run has layers that call the functions (api, e2e, serial; all of them when no project is named).
 */
import { siteUrl } from "../../scripts/lib/project.ts";

/** Workers per function: about what a full run's bursts reach (the emulator had 47 in all, 26 November). */
const workers: [path: string, count: number][] = [
  ["/api/health", 24],
  // An affiliate that does not exist: a redirect, and nothing counted.
  ["/m/warm-up", 16],
  ["/", 4],
];

const callingProjects = new Set(["api", "e2e", "serial"]);

function callsFunctions(argv: string[]): boolean {
  const named = argv.filter((arg) => arg.startsWith("--project=")).map((arg) => arg.slice("--project=".length));
  return named.length === 0 || named.some((project) => callingProjects.has(project));
}

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(120_000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export default async function setup(): Promise<void> {
  if (!process.env.WARM_FUNCTIONS || !callsFunctions(process.argv)) return;
  if (!(await answers(`${siteUrl}/api/health`))) return;
  const started = Date.now();
  const calls = workers.flatMap(([path, count]) => Array.from({ length: count }, () => answers(`${siteUrl}${path}`)));
  const answered = (await Promise.all(calls)).filter(Boolean).length;
  console.log(`Warmed the functions' workers: ${answered} of ${calls.length} calls in ${Date.now() - started} ms.`);
}
