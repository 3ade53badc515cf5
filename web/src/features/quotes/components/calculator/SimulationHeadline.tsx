import styled from 'styled-components';
import { formatCLP, formatDate, formatPercent, formatUF, formatUfValue } from '../../../../shared/format/format';
import type { Simulation } from '../../../../../../contract/financing';
import { CONVENTION_LABELS } from '../../calculator';

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

/** The monthly payment with insurance, the term and rate, and the UF of the day the pesos were converted at. */
export function SimulationHeadline({ result, updating }: { readonly result: Simulation; readonly updating: boolean }) {
  return (
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
          {result.ufDate !== result.ufRequestedDate ? ' (último valor publicado)' : ''}. Convención de tasa mensual: {CONVENTION_LABELS[result.convention]}.
        </small>
      </p>
      {updating && (
        <p>
          <small>Actualizando...</small>
        </p>
      )}
    </Headline>
  );
}
