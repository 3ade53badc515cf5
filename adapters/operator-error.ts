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
