import styled from 'styled-components';
import { formatSurface, formatUF } from '../../../shared/format/format';
import { SelectField } from '../../../shared/ui/fields';
import { Badge, DescriptionList } from '../../../shared/ui/layout';
import type { UnitRow } from '../api/catalog-api';
import { programLabel, UNIT_STATUS_LABELS, unitOptionLabel, unitStatusTone, type Pricing } from '../labels';

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(4)} 0;
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 40px;
    cursor: pointer;
  }
  input {
    width: 20px;
    height: 20px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface UnitSelectorProps {
  readonly units: readonly UnitRow[];
  readonly selected: UnitRow | null;
  readonly pricing: Pricing;
  readonly onSelect: (unitId: string | null) => void;
}

/** The unit selector: every unit of the table (and the chosen one, even when filtered out). */
export function UnitSelector({ units, selected, pricing, onSelect }: UnitSelectorProps) {
  const options = selected && !units.some((u) => u.id === selected.id) ? [selected, ...units] : units;
  return (
    <SelectField
      label="Unidad"
      placeholder="Seleccione una unidad"
      options={options.map((u) => ({ value: u.id, label: unitOptionLabel(u, pricing) }))}
      value={selected?.id ?? ''}
      onChange={(e) => onSelect(e.target.value || null)}
    />
  );
}

/** Normal or bonus ("bono pie") pricing, where the project offers it. */
export function PricingOptions({
  unit,
  pricing,
  description,
  onChange,
}: {
  unit: UnitRow | null;
  pricing: Pricing;
  description: string;
  onChange: (p: Pricing) => void;
}) {
  const bonusAvailable = !unit || unit.bonusPriceUF !== null;
  return (
    <Fieldset>
      <legend>Opción de precio</legend>
      <label>
        <input type="radio" name="pricing" value="normal" checked={pricing === 'normal'} onChange={() => onChange('normal')} />
        Precio normal{unit ? `: ${formatUF(unit.normalPriceUF)}` : ''}
      </label>
      <label>
        <input type="radio" name="pricing" value="bonus" checked={pricing === 'bonus'} disabled={!bonusAvailable} onChange={() => onChange('bonus')} />
        Precio con bono pie{unit?.bonusPriceUF ? `: ${formatUF(unit.bonusPriceUF)}` : ''}
      </label>
      {description && <p>{description}</p>}
    </Fieldset>
  );
}

/** What the buyer is choosing: the unit's facts and its status. */
export function UnitFacts({ unit, priceUF, assetType }: { unit: UnitRow; priceUF: number; assetType: string }) {
  return (
    <DescriptionList aria-label={`Unidad ${unit.unitNumber}`}>
      <dt>Estado</dt>
      <dd>
        <Badge $tone={unitStatusTone(unit.commercialStatus)}>{UNIT_STATUS_LABELS[unit.commercialStatus]}</Badge>
      </dd>
      <dt>Tipología</dt>
      <dd>
        {unit.typology} modelo {unit.model}
      </dd>
      <dt>Programa</dt>
      <dd>{programLabel(unit.bedrooms, unit.bathrooms, assetType)}</dd>
      <dt>Superficie</dt>
      <dd>
        {formatSurface(unit.innerSurface)} interior{unit.outerSurface > 0 ? ` + ${formatSurface(unit.outerSurface)} terraza` : ''}
      </dd>
      <dt>Piso y orientación</dt>
      <dd>
        Piso {unit.floor}, {unit.orientation}
      </dd>
      {(unit.parkingLot > 0 || unit.store > 0) && (
        <>
          <dt>Incluye</dt>
          <dd>
            {[
              unit.parkingLot > 0 ? `${unit.parkingLot} estacionamiento${unit.parkingLot > 1 ? 's' : ''}` : '',
              unit.store > 0 ? `${unit.store} bodega${unit.store > 1 ? 's' : ''}` : '',
            ]
              .filter(Boolean)
              .join(' y ')}
          </dd>
        </>
      )}
      <dt>Precio</dt>
      <dd>
        <strong>{formatUF(priceUF)}</strong>
      </dd>
    </DescriptionList>
  );
}
