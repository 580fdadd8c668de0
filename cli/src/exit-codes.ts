/** What `ferry` exits with, so a pipeline can tell a failed deploy from a refusal or a timeout. */
export const ExitCode = {
  ok: 0,
  /** The deploy (or a server's script) failed, or the console answered an error. */
  failed: 1,
  /** The console refused: no permission, not signed in, or a review is needed first. */
  refused: 2,
  /** `--timeout` passed before the deploy ended. */
  timeout: 3,
  /** A wrong command line or configuration (nothing was asked of the console). */
  usage: 64,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error that ends the command with `exitCode`; `message` is safe to print (no secrets). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
    /** Extra facts for `--json` output (the envelope code, a review link…). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, ExitCode.usage);
