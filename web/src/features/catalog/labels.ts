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

export const bathroomsLabel = (n: number): string => (n === 1 ? '1 baño' : `${n} baños`);

/** '1 a 3 dormitorios', '2 dormitorios', or '' when the project has none (offices, lots). */
export const bedroomRange = (bedrooms: readonly number[]): string => {
  const positive = bedrooms.filter((b) => b > 0);
  if (positive.length === 0) return bedrooms.includes(0) && bedrooms.length > 0 ? 'Estudio' : '';
  const min = Math.min(...positive);
  const max = Math.max(...positive);
  return min === max ? bedroomsLabel(min) : `${min} a ${max} dormitorios`;
};

export const priceFromLabel = (priceFromUF: number | null): string => (priceFromUF === null ? 'Sin unidades disponibles' : `Desde ${formatUF(priceFromUF)}`);

export type Pricing = 'normal' | 'bonus';

/** The unit's price under the chosen pricing option (bonus only where the unit has one). */
export const unitPriceUF = (unit: Pick<UnitRow, 'normalPriceUF' | 'bonusPriceUF'>, pricing: Pricing): number =>
  pricing === 'bonus' && unit.bonusPriceUF !== null ? unit.bonusPriceUF : unit.normalPriceUF;

export const unitOptionLabel = (unit: UnitRow, pricing: Pricing): string =>
  `Unidad ${unit.unitNumber} · ${unit.typology} · ${formatUF(unitPriceUF(unit, pricing))}${unit.available ? '' : ` (${UNIT_STATUS_LABELS[unit.commercialStatus].toLowerCase()})`}`;
