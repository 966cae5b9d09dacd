/** A script's command-line options through `node:util` parseArgs, a mistake told in one sentence. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { SetupError } from "./emulator-env.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * The options in `args` (no positionals); an unknown option, a missing value or a stray argument throws a
 * SetupError of one sentence that ends with `usage`.
 */
export function parseOptions<const T extends Options>(options: T, usage: string, args = process.argv.slice(2)) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (!code.startsWith("ERR_PARSE_ARGS_")) throw error;
    // parseArgs says what is wrong in its first sentence ("Unknown option '--nope'").
    const what = (error as Error).message.split(". ")[0];
    throw new SetupError(`${what}: ${usage}`);
  }
}
