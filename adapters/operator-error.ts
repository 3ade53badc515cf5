/**
 * A refusal whose message tells the operator all there is to know (the data directory is locked by another
 * process, a setting is wrong): `npm start` and the CLIs print its message alone. A stack trace there would
 * only bury the one line that says what to do.
 */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}

/** What a command-line entry point prints for a failure: the message of an operator error, anything else whole. */
export const forOperator = (error: unknown): unknown => (error instanceof OperatorError ? error.message : error);

/** A port another process listens on: named with the setting that chose it, as one line for the operator. */
export const portInUse = (error: unknown, setting: string): unknown =>
  (error as { code?: unknown }).code === 'EADDRINUSE'
    ? new OperatorError(
        `${(error as { address?: string }).address ?? 'the host'}:${String((error as { port?: number }).port)} is already in use (${setting}): stop what listens there or set ${setting} to a free port`,
      )
    : error;

/** An entry point's failure on stderr, as one line for an operator error (a stack for anything else), then exit 1. */
export const exitForOperator = (prefix: string, error: unknown): never => {
  const said = forOperator(error);
  process.stderr.write(`${prefix}${said instanceof Error ? (said.stack ?? said.message) : String(said)}\n`);
  process.exit(1);
};
