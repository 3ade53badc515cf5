import type { BackofficeProject, BackofficeUnitRow } from '../../../../contract/catalog-admin';

/** Spanish names of the catalogue's closed vocabularies (spec §3 and §4); build statuses and asset types are the domain's. */
export { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS } from '../../../../contract/catalog';

export const PROJECT_COMMERCIAL_LABELS: Readonly<Record<BackofficeProject['commercialStatus'], string>> = {
  pre_sale: 'Preventa',
  on_sale: 'En venta',
  last_units: 'Últimas unidades',
  sold_out: 'Agotado',
};

export const UNIT_COMMERCIAL_LABELS: Readonly<Record<BackofficeUnitRow['commercialStatus'], string>> = {
  not_reserved: 'Disponible',
  in_process: 'En proceso',
  reserved: 'Reservada',
  sold: 'Vendida',
};

export const SORT_LABELS: Readonly<Record<string, string>> = {
  name: 'Nombre (A-Z)',
  '-name': 'Nombre (Z-A)',
  updatedAt: 'Modificación (más antigua)',
  '-updatedAt': 'Modificación (más reciente)',
  deliveryDate: 'Entrega (más próxima)',
  '-deliveryDate': 'Entrega (más lejana)',
};

export const optionsOf = <K extends string>(labels: Readonly<Record<K, string>>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
