import { Button } from '../ui/Button';
import { Row } from '../ui/layout';

/** A form's primary action (busy while saving) and its way out. */
export function FormActions({
  submitLabel,
  busy,
  onCancel,
  busyLabel = 'Guardando...',
}: {
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  busyLabel?: string;
}) {
  return (
    <Row $gap={2}>
      <Button type="submit" variant="primary" busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
    </Row>
  );
}
