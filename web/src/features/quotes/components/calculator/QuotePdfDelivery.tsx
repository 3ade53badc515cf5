import { formatDate } from '../../../../shared/format/format';
import { useAppDispatch, useAppSelector } from '../../../../shared/store/StoreProvider';
import { Alert } from '../../../../shared/ui/Alert';
import { Button } from '../../../../shared/ui/Button';
import { ErrorNotice } from '../../../../shared/ui/ErrorNotice';
import { Muted, Row, TextLink } from '../../../../shared/ui/layout';
import type { SimulationRequest } from '../../../../../../contract/financing';
import type { Pricing } from '../../../../../../contract/quotes';
import type { CalculatorUnit } from '../../calculator';
import { quoteEmailRequested, selectQuoteDelivery } from '../../slice';
import { Block } from './Block';

export interface QuotePdfDeliveryProps {
  readonly unit: CalculatorUnit | null;
  readonly pricing: Pricing;
  /** The calculator's current request, or null while an input is out of range. */
  readonly request: SimulationRequest | null;
  readonly authenticated: boolean;
  readonly onSignIn: () => void;
}

/** "Enviar cotización PDF a mi email": issues the quote for the unit and the calculator's terms, then mails it. */
export function QuotePdfDelivery({ unit, pricing, request, authenticated, onSignIn }: QuotePdfDeliveryProps) {
  const dispatch = useAppDispatch();
  const delivery = useAppSelector(selectQuoteDelivery);
  const sending = delivery.status === 'issuing' || delivery.status === 'emailing';
  const sendQuote = () => {
    if (!unit || !request) return;
    dispatch(
      quoteEmailRequested({
        unitId: unit.id,
        pricing,
        downPaymentPercent: request.downPaymentPercent,
        annualRatePercent: request.annualRatePercent,
        termYears: request.termYears,
        convention: request.convention,
      }),
    );
  };
  return (
    <Block>
      <h3>Cotización en PDF</h3>
      {!unit ? (
        <Muted>Seleccione una unidad para recibir su cotización en PDF por email.</Muted>
      ) : !authenticated ? (
        <Row>
          <Button onClick={onSignIn}>Inicie sesión para cotizar</Button>
        </Row>
      ) : (
        <Row>
          <Button variant="primary" onClick={sendQuote} disabled={!request} busy={sending} busyLabel="Enviando cotización...">
            Enviar cotización PDF a mi email
          </Button>
        </Row>
      )}
      {delivery.status === 'sent' && delivery.quote && (
        <Alert kind="success">
          <p>{delivery.message}</p>
          <p>
            Cotización {delivery.quote.number}, válida hasta el {formatDate(delivery.quote.validUntil)}.
          </p>
          <p>
            <a href={delivery.quote.pdfUrl} download>
              Descargar PDF
            </a>{' '}
            · <TextLink to="/dashboard/quotes">Ver mis cotizaciones</TextLink>
          </p>
        </Alert>
      )}
      {delivery.status === 'failed' && delivery.error && <ErrorNotice error={delivery.error} handlers={{ 'Iniciar sesión': onSignIn }} />}
    </Block>
  );
}
