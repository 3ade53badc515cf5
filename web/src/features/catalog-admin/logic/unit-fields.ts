import type { UnitDraft } from './unit-draft';

/** The unit form's fields in the order and groups it shows them (every field of contract unitFields). */
export const UNIT_FIELD_GROUPS: readonly { readonly legend: string; readonly fields: readonly (keyof UnitDraft)[] }[] = [
  {
    legend: 'Identificación',
    fields: ['unitNumber', 'typology', 'model', 'bedrooms', 'bathrooms', 'orientation', 'floor', 'parkingLot', 'store', 'innerSurface', 'outerSurface'],
  },
  { legend: 'Precios', fields: ['regularPrice', 'discountPrice', 'footVoucherPrice', 'realEstateContribution', 'rent1', 'rent2'] },
  {
    legend: 'Pie, promesa y escritura',
    fields: [
      'downPaymentPercentage',
      'constructionFoot',
      'constructionPaymentFees',
      'minimumFoot',
      'minimumPledgePercentage',
      'minimumPledgeFees',
      'minimumPromise',
      'minimumPromiseQuota',
      'deedPercentage',
      'deedFees',
    ],
  },
  {
    legend: 'Crédito',
    fields: ['minimumCredit', 'creditInterestRate', 'maximumCreditInstallments', 'creditPostSaleMaxPercentage', 'creditPostSaleRate', 'creditPostSaleMaxFees'],
  },
];

export const UNIT_FIELD_LABELS: Readonly<Record<keyof UnitDraft, string>> = {
  unitNumber: 'Número de unidad',
  typology: 'Tipología',
  model: 'Modelo',
  bedrooms: 'Dormitorios',
  bathrooms: 'Baños',
  orientation: 'Orientación',
  floor: 'Piso',
  parkingLot: 'Estacionamientos',
  store: 'Bodegas',
  innerSurface: 'Superficie interior (m²)',
  outerSurface: 'Superficie terraza (m²)',
  regularPrice: 'Precio lista (UF)',
  discountPrice: 'Precio con descuento (UF)',
  footVoucherPrice: 'Precio con bono pie (UF)',
  realEstateContribution: 'Aporte de la inmobiliaria (UF)',
  rent1: 'Arriendo estimado 1 (CLP)',
  rent2: 'Arriendo estimado 2 (CLP)',
  downPaymentPercentage: 'Pie (%)',
  constructionFoot: 'Pie en construcción (UF)',
  constructionPaymentFees: 'Cuotas del pie en construcción',
  minimumFoot: 'Pie mínimo (UF)',
  minimumPledgePercentage: 'Pie mínimo (%)',
  minimumPledgeFees: 'Cuotas del pie mínimo',
  minimumPromise: 'Promesa mínima (UF)',
  minimumPromiseQuota: 'Cuotas de la promesa',
  deedPercentage: 'Porcentaje a la escritura (%)',
  deedFees: 'Cuotas a la escritura',
  minimumCredit: 'Crédito mínimo (UF)',
  creditInterestRate: 'Tasa del crédito (%)',
  maximumCreditInstallments: 'Cuotas máximas del crédito',
  creditPostSaleMaxPercentage: 'Crédito posventa máximo (%)',
  creditPostSaleRate: 'Tasa del crédito posventa (%)',
  creditPostSaleMaxFees: 'Cuotas máximas del crédito posventa',
};

/** Fields a person may leave empty. */
export const OPTIONAL_UNIT_FIELDS: ReadonlySet<keyof UnitDraft> = new Set(['model', 'orientation', 'discountPrice', 'footVoucherPrice', 'rent1', 'rent2']);
