import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { formatInteger, formatUF } from '../../../shared/format/format';
import { Button } from '../../../shared/ui/Button';
import { CheckboxGroup, SelectField, TextField } from '../../../shared/ui/fields';
import type { FilterOptions } from '../api/catalog-api';
import { ASSET_TYPES, BUILD_STATUSES, CATALOG_SORTS, type AssetType, type BuildStatus, type CatalogSort, type ExploreQuery } from '../explore-query';
import { bedroomFilterLabel, SORT_LABELS } from '../labels';

const Form = styled.form`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Top = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: start;
`;

const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  fieldset > div {
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
`;

const More = styled.details`
  margin-bottom: ${({ theme }) => theme.space(4)};
  summary {
    cursor: pointer;
    font-weight: 600;
    padding: ${({ theme }) => theme.space(2)} 0;
  }
  fieldset {
    columns: 2 200px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: flex-end;
`;

const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${formatInteger(count)})`);

/** Calls back with the latest value once typing pauses; outside changes (clear, back button) reset the text. */
function useDebouncedField(outside: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(outside);
  const debounced = useDebouncedValue(text, 400);
  const latest = useRef({ outside, onSettled });
  latest.current = { outside, onSettled };
  useEffect(() => setText(outside), [outside]);
  useEffect(() => {
    if (debounced !== latest.current.outside) latest.current.onSettled(debounced);
  }, [debounced]);
  return [text, setText] as const;
}

export interface ExploreFiltersProps {
  readonly query: ExploreQuery;
  readonly options: FilterOptions | null;
  readonly onChange: (query: ExploreQuery) => void;
  readonly onClear: () => void;
}

/** Search, every filter of spec §2 and the sort; every change goes to the URL. */
export function ExploreFilters({ query, options, onChange, onClear }: ExploreFiltersProps) {
  const latestQuery = useRef(query);
  latestQuery.current = query;
  const [search, setSearch] = useDebouncedField(query.search, (value) => onChange({ ...latestQuery.current, search: value }));
  const [price, setPrice] = useDebouncedField(query.priceFrom === null ? '' : String(query.priceFrom), (value) => {
    const n = Number(value);
    onChange({ ...latestQuery.current, priceFrom: value.trim() === '' || !Number.isFinite(n) || n < 0 ? null : n });
  });

  const count = <V,>(list: readonly { value: V; count: number }[] | undefined, value: V) => list?.find((o) => o.value === value)?.count;
  const typeLabel = (t: AssetType) => options?.propertyTypes.find((o) => o.value === t)?.label ?? t;
  const statusLabel = (s: BuildStatus) => options?.buildStatuses.find((o) => o.value === s)?.label ?? s;

  const typeOptions = ASSET_TYPES.filter((t) => !options || count(options.propertyTypes, t) !== undefined || query.propertyTypes.includes(t)).map((t) => ({
    value: t,
    label: withCount(typeLabel(t), count(options?.propertyTypes, t)),
  }));
  const statusOptions = BUILD_STATUSES.map((s) => ({ value: s, label: withCount(statusLabel(s), count(options?.buildStatuses, s)) }));
  const bedroomValues = options ? options.bedrooms.map((b) => b.value) : [0, 1, 2, 3, 4];
  const bedroomOptions = [...new Set([...bedroomValues, ...query.bedrooms])]
    .sort((a, b) => a - b)
    .map((b) => ({
      value: String(b),
      label: withCount(bedroomFilterLabel(b), count(options?.bedrooms, b)),
    }));
  const [amenitiesOpen, setAmenitiesOpen] = useState(query.amenities.length > 0);
  // A link or "Limpiar filtros" may bring amenities in: the panel shows them.
  useEffect(() => {
    if (query.amenities.length > 0) setAmenitiesOpen(true);
  }, [query.amenities.length]);
  const amenityValues = [...new Set([...(options?.amenities.map((a) => a.value) ?? []), ...query.amenities])];
  const amenityOptions = amenityValues.map((a) => ({ value: a, label: withCount(a, count(options?.amenities, a)) }));
  const communeOptions = (options?.communes ?? []).map((c) => ({ value: c.code, label: `${c.name}, ${c.regionName} (${formatInteger(c.count)})` }));
  // The filter and each card's "Desde" are one and the same figure: the lowest price among available units.
  const priceHint = `Proyectos cuya unidad disponible más económica (el «Desde» de cada tarjeta) cuesta al menos este valor.${
    options?.priceRangeUF ? ` Hoy entre ${formatUF(options.priceRangeUF.min)} y ${formatUF(options.priceRangeUF.max)}.` : ''
  }`;

  return (
    <Form
      role="search"
      aria-label="Buscar y filtrar proyectos"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...query, search });
      }}
    >
      <Top>
        <TextField label="Buscar por nombre" type="search" placeholder="Ej: Parque Ñuñoa" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField
          label="Comuna"
          placeholder="Todas las comunas"
          options={communeOptions}
          value={query.communes[0] ?? ''}
          onChange={(e) => onChange({ ...query, communes: e.target.value ? [e.target.value] : [] })}
        />
        <TextField
          label="Precio desde (UF)"
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
          value={price}
          hint={priceHint}
          onChange={(e) => setPrice(e.target.value)}
        />
        <SelectField
          label="Ordenar por"
          options={CATALOG_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          value={query.sort}
          onChange={(e) => onChange({ ...query, sort: e.target.value as CatalogSort })}
        />
      </Top>
      <Groups>
        <CheckboxGroup
          legend="Tipo de propiedad"
          name="propertyType"
          options={typeOptions}
          selected={query.propertyTypes}
          onChange={(values) => onChange({ ...query, propertyTypes: ASSET_TYPES.filter((t) => values.includes(t)) })}
        />
        <CheckboxGroup
          legend="Dormitorios"
          name="bedrooms"
          options={bedroomOptions}
          selected={query.bedrooms.map(String)}
          onChange={(values) => onChange({ ...query, bedrooms: values.map(Number).sort((a, b) => a - b) })}
        />
        <CheckboxGroup
          legend="Estado de la obra"
          name="buildStatus"
          options={statusOptions}
          selected={query.buildStatuses}
          onChange={(values) => onChange({ ...query, buildStatuses: BUILD_STATUSES.filter((s) => values.includes(s)) })}
        />
      </Groups>
      {/* The person opens and closes the panel: unticking the last amenity must not close it under their hand. */}
      <More open={amenitiesOpen} onToggle={(e) => setAmenitiesOpen(e.currentTarget.open)}>
        <summary>Amenidades{query.amenities.length > 0 ? ` (${query.amenities.length} seleccionadas)` : ''}</summary>
        <CheckboxGroup
          legend="Amenidades del proyecto"
          name="amenities"
          options={amenityOptions}
          selected={query.amenities}
          onChange={(values) => onChange({ ...query, amenities: values })}
        />
      </More>
      <Actions>
        <Button onClick={onClear}>Limpiar filtros</Button>
      </Actions>
    </Form>
  );
}
