import { useState } from 'react';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { EnableToggle } from '../../../shared/kit/ConfirmDialog';
import { Alert } from '../../../shared/ui/Alert';
import { TextField } from '../../../shared/ui/fields';
import { setProjectEnabled } from '../api/catalog-admin-api';

export interface EnableProjectButtonProps {
  readonly projectId: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly onChanged: (message: string) => void;
}

/** Spec §4: enabling or disabling a project asks first, saying what buyers will see. */
export function EnableProjectButton({ projectId, name, enabled, onChanged }: EnableProjectButtonProps) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await setProjectEnabled(api, projectId, !enabled, enabled ? reason.trim() : '');
      setOpen(false);
      onChanged(enabled ? `${name} quedó deshabilitado: los compradores ya no lo ven.` : `${name} quedó habilitado: los compradores ya lo ven en el catálogo.`);
    } catch (error) {
      setFailure(toApiErrorBody(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <EnableToggle
      enabled={enabled}
      noun="proyecto"
      demonstrative="este"
      open={open}
      busy={busy}
      onOpen={() => {
        setReason('');
        setFailure(null);
        setOpen(true);
      }}
      onConfirm={() => void confirm()}
      onCancel={() => setOpen(false)}
    >
      {failure && <Alert kind="error">{failure}</Alert>}
      {enabled ? (
        <>
          <p>
            {name} dejará de verse para los compradores: sale del catálogo, de los destacados y su página deja de abrirse. Las reservas ya hechas se mantienen.
          </p>
          <TextField label="Motivo (opcional)" name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </>
      ) : (
        <p>{name} quedará visible para todos los usuarios: aparecerá en el catálogo y los compradores podrán cotizar y reservar sus unidades habilitadas.</p>
      )}
    </EnableToggle>
  );
}
