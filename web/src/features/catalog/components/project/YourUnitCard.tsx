import type { ReactNode } from 'react';
import { Alert } from '../../../../shared/ui/Alert';
import { Card, Muted } from '../../../../shared/ui/layout';
import type { ProjectDetail, UnitRow } from '../../api/catalog-api';
import type { Pricing } from '../../labels';
import { PricingOptions, UnitFacts, UnitSelector } from '../UnitSummary';

export interface YourUnitCardProps {
  readonly project: ProjectDetail;
  readonly units: readonly UnitRow[];
  readonly unit: UnitRow | null;
  readonly pricing: Pricing;
  readonly priceUF: number | null;
  /** Why the selected unit could not be read. */
  readonly selectionError: string | null;
  readonly onSelect: (unitId: string | null) => void;
  readonly onPricingChange: (pricing: Pricing) => void;
  /** The reservation panel, composed in by the app. */
  readonly children?: ReactNode;
}

/** "Su unidad": the unit selector, the pricing option (bono pie), the chosen unit's facts and its reservation. */
export function YourUnitCard({ project, units, unit, pricing, priceUF, selectionError, onSelect, onPricingChange, children }: YourUnitCardProps) {
  const bonusEnabled = project.pricing?.bonusEnabled === true;
  return (
    <Card aria-labelledby="titulo-su-unidad">
      <h2 id="titulo-su-unidad">Su unidad</h2>
      <UnitSelector units={units} selected={unit} pricing={pricing} onSelect={onSelect} />
      {bonusEnabled && <PricingOptions unit={unit} pricing={pricing} description={project.pricing?.bonusDescription ?? ''} onChange={onPricingChange} />}
      {unit && priceUF !== null ? (
        <UnitFacts unit={unit} priceUF={priceUF} assetType={project.assetType} />
      ) : (
        <Muted>Elija una unidad en el selector o en la tabla de unidades para ver su precio, simular su dividendo y reservarla.</Muted>
      )}
      {selectionError && (
        <Alert kind="error">
          <p>{selectionError}</p>
        </Alert>
      )}
      {children}
    </Card>
  );
}
