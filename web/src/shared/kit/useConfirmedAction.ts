import { useState } from 'react';
import { ApiError, toApiErrorBody } from '../api/errors';

/** A 412 on a confirmed action: the record changed since it was read (the list is read again). */
export const CHANGED_MEANWHILE = 'Otra persona cambió este registro mientras usted lo veía. Cargamos la versión actual: revísela e intente nuevamente.';

export interface ConfirmedAction<T> {
  /** The record the dialog asks about, or null when it is closed. */
  readonly target: T | null;
  /** Opens the dialog about one record. */
  readonly ask: (target: T) => void;
  /** Spread on <ConfirmDialog>: open, busy, the refusal to show, confirm and cancel. */
  readonly dialog: {
    readonly open: boolean;
    readonly busy: boolean;
    readonly error: string | null;
    readonly onConfirm: () => void;
    readonly onCancel: () => void;
  };
}

/**
 * An action on one record behind a <ConfirmDialog> (cancel a reservation, remove an alert), pessimistic:
 * the dialog stays open and busy until the server answers; it closes on success, shows the server's
 * refusal otherwise. A 412 (changed meanwhile) or a 404 (gone meanwhile) also reads the data again (`reload`).
 */
export function useConfirmedAction<T>(action: (target: T) => Promise<void>, reload?: () => void): ConfirmedAction<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (target === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      await action(target);
      setTarget(null);
    } catch (failure) {
      const stale = failure instanceof ApiError && (failure.status === 412 || failure.status === 404);
      setError(failure instanceof ApiError && failure.status === 412 ? CHANGED_MEANWHILE : toApiErrorBody(failure).message);
      if (stale) reload?.();
    } finally {
      setBusy(false);
    }
  };

  return {
    target,
    ask: (next) => {
      setError(null);
      setTarget(next);
    },
    dialog: { open: target !== null, busy, error, onConfirm: () => void confirm(), onCancel: () => setTarget(null) },
  };
}
