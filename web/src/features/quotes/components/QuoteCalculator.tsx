import styled from 'styled-components';
import { formatCLP, formatUF } from '../../../shared/format/format';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { ErrorNotice } from '../../../shared/ui/ErrorNotice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Loaded, useResource } from '../../../shared/kit/useResource';
import type { Pricing } from '../../../../../contract/quotes';
import type { FinancingDefaults } from '../../../../../contract/financing';
import { fetchFinancingDefaults } from '../api/quotes-api';
import { chartSlicesOf, shownResult, type CalculatorUnit } from '../calculator';
import { CalculatorForm } from './calculator/CalculatorForm';
import { QuotePdfDelivery } from './calculator/QuotePdfDelivery';
import { SimulationDetails } from './calculator/SimulationDetails';
import { SimulationHeadline } from './calculator/SimulationHeadline';
import { useSimulation } from './calculator/useSimulation';
import PriceSplitChart from './PriceSplitChart';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 320px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export interface QuoteCalculatorProps {
  readonly unit: CalculatorUnit | null;
  readonly pricing: Pricing;
  readonly authenticated: boolean;
  readonly onSignIn: () => void;
}

/**
 * The interactive quotation calculator: recalculates (POST /financing/simulate) as the buyer types,
 * shows UF and CLP at the day's UF with its date and the rate convention, the collaborator's company
 * contribution when signed in as one, a chart of how the price is paid, and sends the quote PDF by email.
 */
export function QuoteCalculator(props: QuoteCalculatorProps) {
  const defaults = useResource('financing-defaults', fetchFinancingDefaults);
  return <Loaded resource={defaults}>{(inForce) => <Calculator {...props} defaults={inForce} />}</Loaded>;
}

/** The calculator once the parameters in force have come: its fields start from them. */
function Calculator({ unit, pricing, authenticated, onSignIn, defaults }: QuoteCalculatorProps & { readonly defaults: FinancingDefaults }) {
  const { form, request, simulation, fresh, calculateNow } = useSimulation(unit, pricing, defaults);
  const invalid = request === null;
  const result = shownResult(request, simulation);
  return (
    <Layout>
      <CalculatorForm form={form} unit={unit} pricing={pricing} calculating={simulation.status === 'loading'} onCalculate={calculateNow} />

      <div aria-busy={simulation.status === 'loading' || undefined}>
        {invalid && (
          <p role="status">
            <strong>Revise los datos del crédito:</strong> el dividendo se calcula cuando todos los datos son válidos.
          </p>
        )}
        {!invalid && simulation.status === 'failed' && simulation.error && <ErrorNotice error={simulation.error} />}
        {!invalid && !result && simulation.status === 'loading' && (
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
            <SimulationHeadline result={result} updating={!fresh && simulation.status === 'loading'} />
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
            <PriceSplitChart {...chartSlicesOf(result)} />
            <SimulationDetails result={result} />
          </>
        )}

        <QuotePdfDelivery unit={unit} pricing={pricing} request={request} authenticated={authenticated} onSignIn={onSignIn} />
      </div>
    </Layout>
  );
}
