import { useState, type FormEvent } from 'react';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { Row, Stack } from '../../../shared/ui/layout';
import { sendTestEmail } from '../api/email-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5: a test email needs its address. The mail goes through the outbox, so it shows in the history. */
export function TestEmailForm({ onSent }: { readonly onSent: () => void }) {
  const api = useApi();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!to.trim()) return setError('Ingrese el email de prueba.');
    if (!EMAIL.test(to.trim())) return setError('Ingrese un email válido.');
    setBusy(true);
    try {
      await sendTestEmail(api, to.trim());
      setOutcome({ ok: true, message: `Correo de prueba enviado a ${to.trim()}.` });
      onSent();
    } catch (failure) {
      const body = toApiErrorBody(failure);
      setOutcome({ ok: false, message: [body.message, body.fieldErrors[0]?.message].filter(Boolean).join(' ') });
      onSent();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Enviar correo de prueba">
      <Stack $gap={2}>
        <Row $gap={2} $align="flex-end" $wrap>
          <TextField
            label="Email de prueba"
            name="to"
            type="email"
            required
            value={to}
            error={error}
            onChange={(e) => {
              setTo(e.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" busy={busy} busyLabel="Enviando...">
            Enviar correo de prueba
          </Button>
        </Row>
        {outcome && <Alert kind={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>}
      </Stack>
    </form>
  );
}
