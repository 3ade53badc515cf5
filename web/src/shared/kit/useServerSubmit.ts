import { useCallback, useState } from 'react';
import { ApiError, fieldErrorMap, toApiErrorBody } from '../api/errors';

/**
 * A form's round trip to the server: busy while it runs, the server's field errors at their fields and its
 * message above the form; a 412 (someone else changed the record since it was read) goes to `onConflict`.
 */
export function useServerSubmit(onConflict?: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setFailure(null);
      try {
        await action();
      } catch (error) {
        if (error instanceof ApiError && error.status === 412 && onConflict) return onConflict();
        const body = toApiErrorBody(error);
        setErrors(error instanceof ApiError ? fieldErrorMap(body) : {});
        setFailure(body.message);
      } finally {
        setBusy(false);
      }
    },
    [onConflict],
  );
  /** Forgets one field's error as the person edits it. */
  const clear = useCallback((field: string) => setErrors(({ [field]: _gone, ...rest }) => rest), []);
  /** Forgets every error (a dialog opened again). */
  const reset = useCallback(() => {
    setErrors({});
    setFailure(null);
  }, []);
  return { errors, setErrors, failure, busy, run, clear, reset };
}
