import { useState } from 'react';
import { toastRequested } from '../../../shared/events';
import { useApi } from '../../../shared/kit/api-context';
import { EnableToggle } from '../../../shared/kit/ConfirmDialog';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { useAppDispatch } from '../../../shared/store/StoreProvider';
import { TextAreaField } from '../../../shared/ui/fields';
import { Alert } from '../../../shared/ui/Alert';
import { setUserEnabled, type UserDetail } from '../api/users-api';
import { ACCOUNT_DISABLED_MESSAGE, ACCOUNT_ENABLED_MESSAGE } from '../labels';

export const REASON_REQUIRED = 'Indique el motivo (al menos 3 caracteres).';

/**
 * "Deshabilitar cuenta" / "Habilitar cuenta", each behind a confirm dialog (spec §4). Pessimistic: the status
 * shown changes once the server has accepted it (`onChanged` reads the user again); a refusal stays in the dialog.
 */
export function AccountStatus({ user, onChanged }: { readonly user: UserDetail; readonly onChanged: () => void }) {
  const api = useApi();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { errors, setErrors, failure, busy, run, reset } = useServerSubmit();
  const enabling = user.status === 'disabled';

  const start = () => {
    setReason('');
    reset();
    setOpen(true);
  };

  const confirm = () => {
    if (!enabling && reason.trim().length < 3) return setErrors({ reason: REASON_REQUIRED });
    void run(async () => {
      await setUserEnabled(api, user.id, enabling, reason.trim());
      setOpen(false);
      dispatch(toastRequested({ kind: 'success', message: enabling ? ACCOUNT_ENABLED_MESSAGE : ACCOUNT_DISABLED_MESSAGE }));
      onChanged();
    });
  };

  return (
    <EnableToggle
      enabled={!enabling}
      noun="cuenta"
      demonstrative="esta"
      open={open}
      busy={busy}
      busyLabel="Guardando..."
      onOpen={start}
      onConfirm={confirm}
      onCancel={() => setOpen(false)}
    >
      <p>{enabling ? `${user.email} podrá volver a iniciar sesión.` : `${user.email} no podrá iniciar sesión y sus sesiones abiertas se cerrarán.`}</p>
      {!enabling && <TextAreaField label="Motivo" required value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} />}
      {failure && !errors.reason && (
        <Alert kind="error">
          <p>{failure}</p>
        </Alert>
      )}
    </EnableToggle>
  );
}
