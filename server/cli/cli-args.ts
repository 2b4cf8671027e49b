import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { z } from "zod";
import { isCommonPassword } from "#server/lib/common-passwords.ts";

/** `--email`, as the account commands take it (lower-cased). */
export const emailArg = z
  .email("--email must be an e-mail address")
  .transform((v) => v.toLowerCase());

/** `--password`: the rules every password of the site follows, named after the option. */
export const passwordArg = z
  .string("--password is required")
  .min(8, "--password must be at least 8 characters")
  .refine((v) => !isCommonPassword(v), "--password is too common; choose another");

/** An error's message as the commands print it. */
export function errorText(error: unknown): string {
  return String((error as Error).message ?? error);
}

/** Prints `<command>: <message>`, then the usage line when given, to stderr and exits 1. */
export function failCommand(command: string, message: string, usage?: string): never {
  console.error(`${command}: ${message}`);
  if (usage) console.error(usage);
  process.exit(1);
}

const HELP = { help: { type: "boolean", short: "h", default: false } } as const;

/**
 * The arguments of a file command (backup, restore, export, import): file
 * names and `options`, plus -h/--help, which prints `usage` and exits 0. An
 * unknown or malformed option fails with its reason and the usage.
 */
export function parseCommandArgs<const O extends ParseArgsOptionsConfig>(
  command: string,
  usage: string,
  options: O,
) {
  const config = { allowPositionals: true, options: { ...options, ...HELP } } as const;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    failCommand(command, errorText(error), usage);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
