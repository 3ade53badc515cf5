import { useEffect, useState } from 'react';
import { EnableToggle } from '../../../shared/kit/ConfirmDialog';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { TextAreaField } from '../../../shared/ui/fields';
import { Alert } from '../../../shared/ui/Alert';
import type { UserDetail } from '../api/users-api';
import { selectStatusChange, statusChangeDismissed, statusChangeSubmitted } from '../slice';

export const REASON_REQUIRED = 'Indique el motivo (al menos 3 caracteres).';

/** "Deshabilitar cuenta" / "Habilitar cuenta", each behind a confirm dialog (spec §4). */
export function AccountStatus({ user }: { readonly user: UserDetail }) {
  const dispatch = useAppDispatch();
  const change = useAppSelector(selectStatusChange);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const enabling = user.status === 'disabled';
  const saving = change.status === 'saving';
  const serverReasonError = change.error?.fieldErrors.find((f) => f.field === 'reason')?.message;

  // Accepted: the dialog closes (the toast says so and the detail reloads).
  useEffect(() => {
    if (change.status !== 'succeeded') return;
    setOpen(false);
    dispatch(statusChangeDismissed());
  }, [change.status, dispatch]);

  const start = () => {
    dispatch(statusChangeDismissed());
    setReason('');
    setReasonError(undefined);
    setOpen(true);
  };

  const confirm = () => {
    if (!enabling && reason.trim().length < 3) {
      setReasonError(REASON_REQUIRED);
      return;
    }
    dispatch(statusChangeSubmitted({ userId: user.id, enabled: enabling, reason }));
  };

  return (
    <EnableToggle
      enabled={!enabling}
      noun="cuenta"
      demonstrative="esta"
      open={open}
      busy={saving}
      busyLabel="Guardando..."
      onOpen={start}
      onConfirm={confirm}
      onCancel={() => setOpen(false)}
    >
      <p>{enabling ? `${user.email} podrá volver a iniciar sesión.` : `${user.email} no podrá iniciar sesión y sus sesiones abiertas se cerrarán.`}</p>
      {!enabling && (
        <TextAreaField label="Motivo" required value={reason} onChange={(e) => setReason(e.target.value)} error={reasonError ?? serverReasonError} />
      )}
      {change.status === 'rejected' && change.error && !serverReasonError && (
        <Alert kind="error">
          <p>{change.error.message}</p>
        </Alert>
      )}
    </EnableToggle>
  );
}
