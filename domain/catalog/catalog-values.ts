/** Closed vocabularies of the catalogue (spec §3 and §4). */
export const BUILD_STATUSES = ['WHITE_STATUS', 'GREEN_STATUS', 'IMMEDIATE_DELIVERY'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

export const ASSET_TYPES = ['house', 'department', 'parking_lot', 'site', 'storage_unit', 'plot', 'warehouse', 'office', 'commercial'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const IMAGE_CATEGORIES = ['cover', 'gallery', 'card', 'additional', 'project', 'unit'] as const;
export type ImageCategory = (typeof IMAGE_CATEGORIES)[number];

/** The project's own sales stage, distinct from each unit's commercial status. */
export const PROJECT_COMMERCIAL_STATUSES = ['pre_sale', 'on_sale', 'last_units', 'sold_out'] as const;
export type ProjectCommercialStatus = (typeof PROJECT_COMMERCIAL_STATUSES)[number];

/** Unit commercial status of spec §4, plus `sold` once the sale closes. */
export const UNIT_COMMERCIAL_STATUSES = ['not_reserved', 'in_process', 'reserved', 'sold'] as const;
export type UnitCommercialStatus = (typeof UNIT_COMMERCIAL_STATUSES)[number];

export const BUILD_STATUS_LABELS: Readonly<Record<BuildStatus, string>> = {
  WHITE_STATUS: 'En blanco',
  GREEN_STATUS: 'En verde',
  IMMEDIATE_DELIVERY: 'Entrega inmediata',
};

export const ASSET_TYPE_LABELS: Readonly<Record<AssetType, string>> = {
  house: 'Casa',
  department: 'Departamento',
  parking_lot: 'Estacionamiento',
  site: 'Sitio',
  storage_unit: 'Bodega',
  plot: 'Parcela',
  warehouse: 'Galpón',
  office: 'Oficina',
  commercial: 'Local comercial',
};
