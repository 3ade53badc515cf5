import { formatUF } from '../../shared/format/format';
import type { UnitCommercialStatus, UnitRow } from './api/catalog-api';
import type { CatalogSort } from './explore-query';

export const SORT_LABELS: Readonly<Record<CatalogSort, string>> = {
  featured: 'Destacados',
  name: 'Nombre (A-Z)',
  newest: 'Más recientes',
  price_asc: 'Precio: menor a mayor',
  price_desc: 'Precio: mayor a menor',
};

export const UNIT_STATUS_LABELS: Readonly<Record<UnitCommercialStatus, string>> = {
  not_reserved: 'Disponible',
  in_process: 'En proceso de reserva',
  reserved: 'Reservada',
  sold: 'Vendida',
};

export const unitStatusTone = (status: UnitCommercialStatus): 'success' | 'warning' | 'danger' | 'neutral' =>
  status === 'not_reserved' ? 'success' : status === 'in_process' ? 'warning' : status === 'reserved' ? 'danger' : 'neutral';

export const bedroomsLabel = (n: number): string => (n === 0 ? 'Estudio' : n === 1 ? '1 dormitorio' : `${n} dormitorios`);

/** Homes have bedrooms, and a home without one is a studio; a warehouse, office or lot simply has none. */
const RESIDENTIAL = new Set(['house', 'department']);
export const isResidential = (assetType: string): boolean => RESIDENTIAL.has(assetType);

/** The explore filter's 0: it finds studios and every property without bedrooms. */
export const bedroomFilterLabel = (n: number): string => (n === 0 ? 'Estudio o sin dormitorios' : bedroomsLabel(n));

/** "2 dormitorios, 1 baño"; a warehouse or office says only its bathrooms (never "Estudio"). */
export const programLabel = (bedrooms: number, bathrooms: number, assetType: string): string =>
  bedrooms === 0 && !isResidential(assetType)
    ? bathrooms > 0
      ? bathroomsLabel(bathrooms)
      : 'Sin dormitorios'
    : `${bedroomsLabel(bedrooms)}, ${bathroomsLabel(bathrooms)}`;

export const bathroomsLabel = (n: number): string => (n === 1 ? '1 baño' : `${n} baños`);

/** '1 a 3 dormitorios', '2 dormitorios', 'Estudio' (a home), or '' when the project has none (offices, warehouses, lots). */
export const bedroomRange = (bedrooms: readonly number[], assetType: string): string => {
  const positive = bedrooms.filter((b) => b > 0);
  if (positive.length === 0) return bedrooms.includes(0) && isResidential(assetType) ? 'Estudio' : '';
  const min = Math.min(...positive);
  const max = Math.max(...positive);
  return min === max ? bedroomsLabel(min) : `${min} a ${max} dormitorios`;
};

/** The card's "Desde": the lowest price among the project's available units (the figure the price filter uses). */
export const priceFromLabel = (priceFromUF: number | null): string => (priceFromUF === null ? 'Sin unidades disponibles' : `Desde ${formatUF(priceFromUF)}`);

export type Pricing = 'normal' | 'bonus';

/** The unit's price under the chosen pricing option (bonus only where the unit has one). */
export const unitPriceUF = (unit: Pick<UnitRow, 'normalPriceUF' | 'bonusPriceUF'>, pricing: Pricing): number =>
  pricing === 'bonus' && unit.bonusPriceUF !== null ? unit.bonusPriceUF : unit.normalPriceUF;

export const unitOptionLabel = (unit: UnitRow, pricing: Pricing): string =>
  `Unidad ${unit.unitNumber} · ${unit.typology} · ${formatUF(unitPriceUF(unit, pricing))}${unit.available ? '' : ` (${UNIT_STATUS_LABELS[unit.commercialStatus].toLowerCase()})`}`;
