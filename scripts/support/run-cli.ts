import { DatabaseLockedError } from "~/db/lock.server";
import { ConfigError } from "~/lib/config.server";
import { TarFormatError } from "~/lib/tar.server";
import { BackupRefusedError } from "~/wiring/backup-format.server";

/** What the person at the terminal reads: the message of an error we expect, never a stack trace. */
function messageFor(error: unknown, failure: string): string {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof BackupRefusedError) {
    return error.message;
  }
  if (error instanceof TarFormatError) return `The backup file is damaged or incomplete: ${error.message}.`;
  return `${failure}: ${error instanceof Error ? error.message : String(error)}`;
}

/** Runs a command and exits with its code. */
export function runCli(main: () => Promise<number>, failure: string) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`\n${messageFor(error, failure)}\n`);
      process.exit(1);
    },
  );
}
