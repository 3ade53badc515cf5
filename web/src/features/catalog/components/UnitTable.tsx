import type { ApiErrorBody } from '../../../../../contract/errors';
import styled from 'styled-components';
import { formatSurface, formatUF } from '../../../shared/format/format';
import { Button } from '../../../shared/ui/Button';
import { SelectField } from '../../../shared/ui/fields';
import { Badge, Detail } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Table, TableWrapper } from '../../../shared/ui/table';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import type { UnitFilter, UnitRow } from '../api/catalog-api';
import { bathroomsLabel, bedroomsLabel, isResidential, programLabel, UNIT_STATUS_LABELS, unitStatusTone } from '../labels';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 240px));
  column-gap: ${({ theme }) => theme.space(3)};
`;

const SelectedRow = styled.tr<{ $selected: boolean }>`
  background: ${({ theme, $selected }) => ($selected ? theme.colors.infoSurface : 'transparent')};
  td {
    vertical-align: middle;
  }
`;

const Small = styled(Button)`
  min-height: 36px;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  white-space: nowrap;
`;

export interface UnitTableProps {
  readonly units: readonly UnitRow[];
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly error: ApiErrorBody | null;
  readonly filter: UnitFilter;
  readonly bedroomOptions: readonly number[];
  readonly bathroomOptions: readonly number[];
  readonly selectedUnitId: string | null;
  readonly bonusEnabled: boolean;
  /** A warehouse's or office's 0 bedrooms is "Sin dormitorios", not "Estudio". */
  readonly assetType: string;
  readonly onFilterChange: (filter: UnitFilter) => void;
  readonly onSelect: (unitId: string) => void;
  readonly onRetry: () => void;
}

const toCount = (value: string): number | null => (value === '' ? null : Number(value));

/** The project's units, filtered by bedrooms and bathrooms; each row selects its unit. */
export function UnitTable(props: UnitTableProps) {
  const { units, status, error, filter, bedroomOptions, bathroomOptions, selectedUnitId, bonusEnabled, assetType, onFilterChange, onSelect, onRetry } = props;
  const bedroomOption = (b: number) => (b === 0 && !isResidential(assetType) ? 'Sin dormitorios' : bedroomsLabel(b));
  const columns = bonusEnabled ? 8 : 7;
  return (
    <>
      <Filters role="group" aria-label="Filtrar unidades">
        <SelectField
          label="Dormitorios"
          placeholder="Todos"
          options={bedroomOptions.map((b) => ({ value: String(b), label: bedroomOption(b) }))}
          value={filter.bedrooms === null ? '' : String(filter.bedrooms)}
          onChange={(e) => onFilterChange({ ...filter, bedrooms: toCount(e.target.value) })}
        />
        <SelectField
          label="Baños"
          placeholder="Todos"
          options={bathroomOptions.map((b) => ({ value: String(b), label: bathroomsLabel(b) }))}
          value={filter.bathrooms === null ? '' : String(filter.bathrooms)}
          onChange={(e) => onFilterChange({ ...filter, bathrooms: toCount(e.target.value) })}
        />
      </Filters>
      {status === 'failed' && error && <LoadFailed message={error.message} onRetry={onRetry} />}
      <p role="status" aria-live="polite">
        {status === 'loading'
          ? 'Cargando unidades...'
          : status === 'loaded'
            ? `${units.length} ${units.length === 1 ? 'unidad' : 'unidades'} con estos filtros.`
            : ''}
      </p>
      <TableWrapper>
        <Table aria-busy={status === 'loading' || undefined}>
          <caption>Unidades del proyecto</caption>
          <thead>
            <tr>
              <th scope="col">Unidad</th>
              <th scope="col">Programa</th>
              <th scope="col">Piso</th>
              <th scope="col">Superficie</th>
              <th scope="col">Precio</th>
              {bonusEnabled && <th scope="col">Con bono pie</th>}
              <th scope="col">Estado</th>
              <th scope="col">
                <VisuallyHidden>Acción</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {status === 'loading' &&
              units.length === 0 &&
              Array.from({ length: 4 }, (_, i) => (
                <tr key={`s-${i}`} aria-hidden="true">
                  {Array.from({ length: columns }, (__, j) => (
                    <td key={j}>
                      <Skeleton />
                    </td>
                  ))}
                </tr>
              ))}
            {status === 'loaded' && units.length === 0 && (
              <tr>
                <td colSpan={columns}>No hay unidades con estos filtros.</td>
              </tr>
            )}
            {units.map((unit) => {
              const selected = unit.id === selectedUnitId;
              return (
                <SelectedRow key={unit.id} $selected={selected} aria-selected={selected}>
                  <th scope="row" data-label="Unidad">
                    {unit.unitNumber}
                    <Detail>
                      {unit.typology} {unit.model}
                    </Detail>
                  </th>
                  <td data-label="Programa">{programLabel(unit.bedrooms, unit.bathrooms, assetType)}</td>
                  <td data-label="Piso">
                    {unit.floor}
                    {unit.orientation && <Detail>{unit.orientation}</Detail>}
                  </td>
                  <td data-label="Superficie">
                    {formatSurface(unit.innerSurface)}
                    {unit.outerSurface > 0 && <Detail>+ {formatSurface(unit.outerSurface)} terraza</Detail>}
                  </td>
                  <td data-label="Precio">{formatUF(unit.normalPriceUF)}</td>
                  {bonusEnabled && <td data-label="Con bono pie">{unit.bonusPriceUF === null ? '—' : formatUF(unit.bonusPriceUF)}</td>}
                  <td data-label="Estado">
                    <Badge $tone={unitStatusTone(unit.commercialStatus)}>{UNIT_STATUS_LABELS[unit.commercialStatus]}</Badge>
                  </td>
                  <td>
                    {/* A toggle keeps one name (its visible word plus the unit); aria-pressed says it is the chosen one. */}
                    <Small variant={selected ? 'primary' : 'secondary'} aria-pressed={selected} onClick={() => onSelect(unit.id)}>
                      {selected && <span aria-hidden="true">✓ </span>}
                      Seleccionar<VisuallyHidden> unidad {unit.unitNumber}</VisuallyHidden>
                    </Small>
                  </td>
                </SelectedRow>
              );
            })}
          </tbody>
        </Table>
      </TableWrapper>
    </>
  );
}
