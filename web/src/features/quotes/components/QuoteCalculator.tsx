import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import { formatCLP, formatDate, formatPercent, formatUF, formatUfValue } from '../../../shared/format/format';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useForm } from '../../../shared/hooks/useForm';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { ErrorNotice } from '../../../shared/ui/ErrorNotice';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { DescriptionList, Muted, Row, TextLink } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { Simulation } from '../../../../../contract/financing';
import type { Pricing } from '../../../../../contract/quotes';
import {
  chartSlicesOf,
  CONVENTION_LABELS,
  initialCalculatorValues,
  simulationKey,
  simulationRequestOf,
  TERM_CHOICES,
  validateCalculator,
  type CalculatorUnit,
  type CalculatorValues,
} from '../calculator';
import { calculatorUnitChanged, quoteEmailRequested, selectQuoteDelivery, selectSimulation, simulationRequested } from '../slice';

const PriceSplitChart = lazy(() => import('./PriceSplitChart'));

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 320px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Headline = styled.div`
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.infoSurface};
  padding: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
  }
  .amount {
    font-size: 1.75rem;
    font-weight: 700;
    line-height: 1.2;
  }
`;

const Block = styled.div`
  margin-bottom: ${({ theme }) => theme.space(5)};
  h3 {
    font-size: 1.0625rem;
  }
`;

export interface QuoteCalculatorProps {
  readonly unit: CalculatorUnit | null;
  readonly pricing: Pricing;
  readonly authenticated: boolean;
  readonly onSignIn: () => void;
}

const both = (uf: number, clp: number) => (
  <>
    {formatUF(uf)} <Muted as="span">({formatCLP(clp)})</Muted>
  </>
);

/** Every peso amount comes from the server, converted at the UF of the day it names: nothing is rounded here. */
function Results({ result }: { result: Simulation }) {
  const dp = result.downPayment;
  return (
    <>
      <Block>
        <h3>Dividendo</h3>
        <DescriptionList>
          <dt>Dividendo sin seguros</dt>
          <dd>{both(result.monthlyPaymentUF, result.monthlyPaymentCLP)}</dd>
          <dt>Seguro de desgravamen</dt>
          <dd>{both(result.insurance.desgravamenUF, result.insurance.desgravamenCLP)}</dd>
          <dt>Seguro de incendio y sismo</dt>
          <dd>{both(result.insurance.fireEarthquakeUF, result.insurance.fireEarthquakeCLP)}</dd>
          <dt>Renta líquida mínima</dt>
          <dd>
            {formatCLP(result.minimumIncomeCLP)} <Muted as="span">(el dividendo no supera el {formatPercent(result.maxDebtRatioPercent, 0)} de su renta)</Muted>
          </dd>
          <dt>CAE estimada</dt>
          <dd>{formatPercent(result.cae)}</dd>
          <dt>Intereses totales</dt>
          <dd>{both(result.totalInterestUF, result.totalInterestCLP)}</dd>
          <dt>Total a pagar</dt>
          <dd>{both(result.totalPaidUF, result.totalPaidCLP)}</dd>
        </DescriptionList>
      </Block>
      {dp && (
        <Block>
          <h3>Pie y financiamiento</h3>
          <DescriptionList>
            <dt>Precio</dt>
            <dd>{both(dp.priceUF, dp.priceCLP)}</dd>
            <dt>Su pie</dt>
            <dd>{both(dp.buyerUF, dp.buyerCLP)}</dd>
            {dp.companyContributionUF > 0 && (
              <>
                <dt>Aporte de su empresa</dt>
                <dd>{both(dp.companyContributionUF, dp.companyContributionCLP)}</dd>
              </>
            )}
            {dp.realEstateContributionUF > 0 && (
              <>
                <dt>Aporte de la inmobiliaria</dt>
                <dd>{both(dp.realEstateContributionUF, dp.realEstateContributionCLP)}</dd>
              </>
            )}
            <dt>Pie total</dt>
            <dd>
              {both(dp.totalUF, dp.totalCLP)} · {formatPercent(dp.totalPercent, 1)} del precio
            </dd>
            <dt>Crédito hipotecario</dt>
            <dd>
              {both(dp.loanUF, dp.loanCLP)} · {formatPercent(dp.financingPercent, 1)} del precio
            </dd>
          </DescriptionList>
        </Block>
      )}
    </>
  );
}

/**
 * The interactive quotation calculator: recalculates (POST /financing/simulate) as the buyer types,
 * shows UF and CLP at the day's UF with its date and the rate convention, the collaborator's company
 * contribution when signed in as one, a chart of how the price is paid, and sends the quote PDF by email.
 */
export function QuoteCalculator({ unit, pricing, authenticated, onSignIn }: QuoteCalculatorProps) {
  const dispatch = useAppDispatch();
  const simulation = useAppSelector(selectSimulation);
  const delivery = useAppSelector(selectQuoteDelivery);
  const withUnit = unit !== null;
  const validateValues = useCallback((v: CalculatorValues) => validateCalculator(v, withUnit), [withUnit]);
  const form = useForm<CalculatorValues>(initialCalculatorValues(unit), validateValues);
  // useForm's setters change identity on every render: read through a ref, not as an effect dependency.
  const setValue = useRef(form.setValue);
  setValue.current = form.setValue;

  // Another unit (or pricing) starts from that unit's usual down payment; rate and term stay as typed.
  const unitKey = unit ? `${unit.id}:${pricing}` : null;
  const unitDefaults = useRef(unit);
  unitDefaults.current = unit;
  const firstUnit = useRef(true);
  useEffect(() => {
    if (firstUnit.current) {
      firstUnit.current = false;
      return;
    }
    setValue.current('downPaymentPercent', initialCalculatorValues(unitDefaults.current).downPaymentPercent);
    dispatch(calculatorUnitChanged());
  }, [unitKey, dispatch]);

  const request = useMemo(() => simulationRequestOf(form.values, unit, pricing), [form.values, unit, pricing]);
  const debounced = useDebouncedValue(request, 400);
  const debouncedKey = debounced ? simulationKey(debounced) : null;
  const latest = useRef(debounced);
  latest.current = debounced;
  useEffect(() => {
    if (latest.current) dispatch(simulationRequested(latest.current));
  }, [debouncedKey, dispatch]);

  const calculateNow = form.handleSubmit((values) => {
    const now = simulationRequestOf(values, unit, pricing);
    if (now) dispatch(simulationRequested(now));
  });

  const result = simulation.result;
  const fresh = request !== null && simulation.key === simulationKey(request) && simulation.status === 'loaded';
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
    <Layout>
      <form noValidate aria-label="Datos del crédito" onSubmit={calculateNow}>
        {unit ? (
          <p>
            Unidad {unit.unitNumber}, precio {pricing === 'bonus' ? 'con bono pie' : 'normal'}: <strong>{formatUF(unit.priceUF)}</strong>
          </p>
        ) : (
          <>
            <Muted>Sin unidad seleccionada, simule con el monto del crédito. Elija una unidad para calcular con su precio y su pie.</Muted>
            <TextField label="Monto del crédito (UF)" inputMode="decimal" autoComplete="off" required {...form.text('principalUF')} />
          </>
        )}
        {unit && (
          <TextField
            label="Pie (% del precio)"
            inputMode="decimal"
            autoComplete="off"
            required
            hint="Lo que usted paga; los aportes se suman."
            {...form.text('downPaymentPercent')}
          />
        )}
        <TextField label="Tasa de interés anual (%)" inputMode="decimal" autoComplete="off" required {...form.text('annualRatePercent')} />
        <SelectField
          label="Plazo (años)"
          required
          options={[...new Set([...TERM_CHOICES.map(String), form.values.termYears])].map((t) => ({ value: t, label: `${t} años` }))}
          {...form.text('termYears')}
        />
        <SelectField
          label="Convención de tasa mensual"
          options={(['nominal', 'effective'] as const).map((c) => ({ value: c, label: CONVENTION_LABELS[c] }))}
          {...form.text('convention')}
        />
        <Button type="submit" variant="primary" block busy={simulation.status === 'loading'} busyLabel="Calculando...">
          Calcular dividendo
        </Button>
      </form>

      <div aria-busy={simulation.status === 'loading' || undefined}>
        {simulation.status === 'failed' && simulation.error && <ErrorNotice error={simulation.error} />}
        {!result && simulation.status === 'loading' && (
          <div aria-hidden="true">
            <Skeleton $height="4rem" />
            <br />
            <Skeleton />
            <br />
            <Skeleton $width="70%" />
          </div>
        )}
        {result && (
          <>
            <Headline>
              <p>Dividendo mensual estimado (con seguros)</p>
              <p
                className="amount"
                role="status"
                aria-live="polite"
                aria-label={`Dividendo mensual estimado: ${formatUF(result.totalMonthlyPaymentUF)}, ${formatCLP(result.totalMonthlyPaymentCLP)}`}
              >
                {formatUF(result.totalMonthlyPaymentUF)} · {formatCLP(result.totalMonthlyPaymentCLP)}
              </p>
              <p>
                {result.termYears} años ({result.termMonths} cuotas) al {formatPercent(result.annualRatePercent)} anual.
              </p>
              <p>
                <small>
                  Valores en pesos con la UF del {formatDate(`${result.ufDate}T12:00:00Z`, 'UTC')}: {formatUfValue(result.ufValue)}
                  {result.ufDate !== result.ufRequestedDate ? ' (último valor publicado)' : ''}. Convención de tasa mensual:{' '}
                  {CONVENTION_LABELS[result.convention]}.
                </small>
              </p>
              {!fresh && simulation.status === 'loading' && (
                <p>
                  <small>Actualizando...</small>
                </p>
              )}
            </Headline>
            {result.companyContributionSource === 'collaborator' && result.downPayment && (
              <Alert kind="success" title="Aporte de su empresa">
                <p>
                  Como colaborador, su empresa aporta {formatUF(result.downPayment.companyContributionUF)} (
                  {formatCLP(result.downPayment.companyContributionUF * result.ufValue)}) a su pie.
                </p>
              </Alert>
            )}
            {!authenticated && unit && (
              <Alert kind="info">
                <p>¿Es colaborador de una empresa en convenio? Inicie sesión para incluir el aporte de su empresa al pie.</p>
                <p>
                  <Button onClick={onSignIn}>Iniciar sesión</Button>
                </p>
              </Alert>
            )}
            <Suspense fallback={<Skeleton $height="200px" />}>
              <PriceSplitChart {...chartSlicesOf(result)} />
            </Suspense>
            <Results result={result} />
          </>
        )}

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
      </div>
    </Layout>
  );
}
