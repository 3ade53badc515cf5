import { formatCLP, formatPercent, formatUF } from '../../../../shared/format/format';
import { DescriptionList, Muted } from '../../../../shared/ui/layout';
import type { Simulation } from '../../../../../../contract/financing';
import { Block } from './Block';

const both = (uf: number, clp: number) => (
  <>
    {formatUF(uf)} <Muted as="span">({formatCLP(clp)})</Muted>
  </>
);

/** Every peso amount comes from the server, converted at the UF of the day it names: nothing is rounded here. */
export function SimulationDetails({ result }: { result: Simulation }) {
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
