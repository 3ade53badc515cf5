import { useState, type ReactNode } from 'react';
import { EXTENDABLE_HOLD_STATUSES, STAFF_CANCELLABLE_STATUSES, type BackofficeReservationView } from '../../../../../contract/audit';
import { formatCLP, formatDateTime } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { Card, Row } from '../../../shared/ui/layout';
import { cancelReservationByStaff, extendReservationHold, refundReservation } from '../api/commercial-api';

export interface ReservationPermissions {
  readonly cancel: boolean;
  readonly extendHold: boolean;
  readonly refund: boolean;
}

type Action = 'cancel' | 'extend' | 'refund';

const EXTENSIONS = [
  { value: '30', label: '30 minutos' },
  { value: '60', label: '1 hora' },
  { value: '240', label: '4 horas' },
  { value: '1440', label: '24 horas' },
];

/** What each action does, said before it is done (the dialog's text), and what it says once done. */
const copy = (r: BackofficeReservationView, action: Action): { title: string; confirm: string; busy: string; body: ReactNode; done: string } => {
  const unit = `la unidad ${r.unitNumber} de ${r.projectName}`;
  switch (action) {
    case 'cancel':
      return {
        title: 'Cancelar reserva',
        confirm: 'Cancelar reserva',
        busy: 'Cancelando...',
        body: (
          <p>
            ¿Cancelar la reserva de {unit} ({r.buyerName})? La unidad queda disponible de inmediato.
            {r.paymentOutcome === 'confirmed' ? ` El pago de ${formatCLP(r.amountCLP)} queda pendiente de reembolso: reembólselo desde aquí.` : ''}
          </p>
        ),
        done: 'Reserva cancelada. La unidad quedó disponible.',
      };
    case 'extend':
      return {
        title: 'Extender retención',
        confirm: 'Extender retención',
        busy: 'Extendiendo...',
        body: (
          <p>
            La unidad está retenida para {r.buyerName} hasta el {formatDateTime(r.holdExpiresAt)}. ¿Cuánto tiempo más le damos para pagar?
          </p>
        ),
        done: 'Retención extendida.',
      };
    case 'refund':
      return {
        title: 'Reembolsar pago',
        confirm: 'Reembolsar',
        busy: 'Reembolsando...',
        body: (
          <p>
            ¿Reembolsar {formatCLP(r.amountCLP)} a {r.buyerName} por la reserva de {unit}? La devolución se hace en la pasarela de pago y no se puede deshacer.
          </p>
        ),
        done: 'Pago reembolsado en la pasarela.',
      };
  }
};

/**
 * Staff's actions on one reservation (cancel with a reason, extend the hold, refund through the gateway),
 * each behind the kit's confirm dialog with the reason it records; offered only when the reservation's state
 * allows it and the person holds the permission. The server decides again (409 with its message otherwise).
 */
export function ReservationActions({
  reservation: r,
  can,
  onDone,
}: {
  readonly reservation: BackofficeReservationView;
  readonly can: ReservationPermissions;
  readonly onDone: (message: string) => void;
}) {
  const api = useApi();
  const submit = useServerSubmit();
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState('60');

  const offered: Action[] = [
    ...(can.cancel && STAFF_CANCELLABLE_STATUSES.includes(r.status) ? (['cancel'] as const) : []),
    ...(can.extendHold && EXTENDABLE_HOLD_STATUSES.includes(r.status) ? (['extend'] as const) : []),
    ...(can.refund && r.refundDue ? (['refund'] as const) : []),
  ];
  if (offered.length === 0) return null;

  const open = (next: Action) => {
    submit.reset();
    setReason('');
    setMinutes('60');
    setAction(next);
  };
  const confirm = () => {
    if (!action) return;
    const text = reason.trim();
    if (text.length < 3) {
      submit.setErrors({ reason: 'Escriba el motivo (al menos 3 caracteres): queda en el historial.' });
      return;
    }
    void submit.run(async () => {
      if (action === 'cancel') await cancelReservationByStaff(api, r.id, text);
      else if (action === 'extend') await extendReservationHold(api, r.id, Number(minutes), text);
      else await refundReservation(api, r.id, text);
      const done = copy(r, action).done;
      setAction(null);
      onDone(done);
    });
  };
  const text = action ? copy(r, action) : null;
  return (
    <Card aria-labelledby="acciones-reserva">
      <h2 id="acciones-reserva">Acciones</h2>
      <Row $gap={2} $wrap>
        {offered.includes('refund') && (
          <Button variant="primary" onClick={() => open('refund')}>
            Reembolsar pago
          </Button>
        )}
        {offered.includes('extend') && <Button onClick={() => open('extend')}>Extender retención</Button>}
        {offered.includes('cancel') && (
          <Button variant="danger" onClick={() => open('cancel')}>
            Cancelar reserva
          </Button>
        )}
      </Row>
      {text && (
        <ConfirmDialog
          open
          title={text.title}
          confirmLabel={text.confirm}
          cancelLabel="Volver"
          danger={action !== 'extend'}
          busy={submit.busy}
          busyLabel={text.busy}
          error={submit.failure}
          onConfirm={confirm}
          onCancel={() => setAction(null)}
        >
          {text.body}
          {action === 'extend' && <SelectField label="Tiempo adicional" options={EXTENSIONS} value={minutes} onChange={(e) => setMinutes(e.target.value)} />}
          <TextField
            label="Motivo"
            required
            maxLength={500}
            value={reason}
            error={submit.errors.reason}
            onChange={(e) => {
              setReason(e.target.value);
              submit.clear('reason');
            }}
          />
        </ConfirmDialog>
      )}
    </Card>
  );
}
