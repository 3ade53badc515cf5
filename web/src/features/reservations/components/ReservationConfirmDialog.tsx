import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiErrorBody } from '../../../../../contract/errors';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatCLP, formatDate, formatUF, formatUfValue } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { DescriptionList, Muted } from '../../../shared/ui/layout';
import type { ReservationTerms } from '../../../../../contract/reservations';
import { fetchReservationTerms } from '../api/reservations-api';

export const RESERVATION_CONFIRM_TITLE = 'Confirmar reserva';

/** What happens after paying, in the buyer's words: the platform's policy, the same for every project. */
export const BANK_REJECTION_TERMS =
  'Si el banco no aprueba su crédito hipotecario, avísenos: anulamos la reserva y le devolvemos el monto pagado, sin descuentos.';
export const WITHDRAWAL_TERMS =
  'Puede anular sin costo mientras no pague, en Webpay o desde Mis reservas. Una vez pagada, si desiste por otra causa, la devolución se rige por los';

const holdTime = (minutes: number): string =>
  minutes % 60 === 0 ? `${minutes / 60} ${minutes === 60 ? 'hora' : 'horas'}` : `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;

const day = (yyyyMmDd: string) => formatDate(`${yyyyMmDd}T12:00:00Z`, 'UTC');

function Summary({ terms }: { readonly terms: ReservationTerms }) {
  return (
    <>
      <DescriptionList aria-label="Resumen de la reserva">
        <dt>Unidad</dt>
        <dd>
          {terms.unitNumber}, {terms.projectName}
        </dd>
        <dt>Precio de la unidad</dt>
        <dd>
          {formatUF(terms.priceUF)}
          {terms.pricing === 'bonus' ? ' (con bono pie)' : ''} · {formatCLP(terms.priceCLP)}
        </dd>
        <dt>Se cobra ahora</dt>
        <dd>
          <strong>{formatCLP(terms.amountCLP)}</strong> en Webpay{terms.reservationToDownPayment ? ', abonado a su pie' : ''}
        </dd>
        <dt>Retención</dt>
        <dd>La unidad queda a su nombre por {holdTime(terms.holdMinutes)} mientras paga; si no paga a tiempo, se libera.</dd>
        <dt>Si el banco rechaza su crédito</dt>
        <dd>{BANK_REJECTION_TERMS}</dd>
        <dt>Desistimiento</dt>
        <dd>
          {WITHDRAWAL_TERMS} <Link to="/terms">Términos y condiciones</Link>.
        </dd>
      </DescriptionList>
      <Muted>
        Pesos con la UF del {day(terms.uf.date)}: {formatUfValue(terms.uf.value)}.
      </Muted>
    </>
  );
}

export interface ReservationConfirmDialogProps {
  /** The unit being reserved, or null when the dialog is closed. */
  readonly unitId: string | null;
  readonly pricing: 'normal' | 'bonus';
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** The summary could not be made (the unit was taken meanwhile, the project closed): the dialog closes. */
  readonly onRefused: (error: ApiErrorBody) => void;
}

/**
 * The step between "Reservar unidad X" and Webpay: the server's summary of what the buyer agrees to (unit,
 * price in UF and pesos, the amount charged now, the hold, the bank's refusal and withdrawal), then an
 * explicit "Confirmar y pagar". Nothing is held until the buyer confirms.
 */
export function ReservationConfirmDialog({ unitId, pricing, onConfirm, onCancel, onRefused }: ReservationConfirmDialogProps) {
  const api = useApi();
  const [loaded, setLoaded] = useState<{ unitId: string; terms: ReservationTerms } | null>(null);
  const refused = useRef(onRefused);
  refused.current = onRefused;

  useEffect(() => {
    if (!unitId) return;
    let live = true;
    fetchReservationTerms(api, unitId, pricing).then(
      (terms) => live && setLoaded({ unitId, terms }),
      (error: unknown) => live && refused.current(toApiErrorBody(error)),
    );
    return () => {
      live = false;
    };
  }, [api, unitId, pricing]);

  const current = loaded && loaded.unitId === unitId ? loaded : null;
  return (
    <ConfirmDialog
      open={unitId !== null}
      title={RESERVATION_CONFIRM_TITLE}
      confirmLabel="Confirmar y pagar"
      cancelLabel="Volver"
      onConfirm={() => current && onConfirm()}
      onCancel={onCancel}
    >
      {current ? <Summary terms={current.terms} /> : <Muted role="status">Preparando el resumen de la reserva...</Muted>}
    </ConfirmDialog>
  );
}
