import type { ProjectDetailsInput } from '../../domain/catalog/project';
import type { UnitSpec } from '../../domain/catalog/unit';
import type { FieldError } from '../../domain/shared/errors';

/**
 * The bulk upload's sheet: one row per unit, its project's columns repeated on every row of the project
 * (rows with the same «codigo_proyecto» are one project). Headers are Spanish, as the template gives them.
 */
export type SheetRow = { row: number; cells: Record<string, string> };

/** Column -> the field it fills (for the rejected-rows report) and an example value (the template's row). */
const PROJECT_COLUMNS = {
  codigo_proyecto: ['projectCode', 'PLAZA-NUNOA'],
  nombre_proyecto: ['name', 'Edificio Plaza Ñuñoa'],
  inmobiliaria: ['realEstate.companyId', 'inmobiliaria-andes'],
  direccion: ['address', 'Av. Irarrázaval 2900'],
  codigo_region: ['regionCode', '13'],
  codigo_comuna: ['communeCode', '13120'],
  ciudad: ['city', 'Santiago'],
  latitud: ['latitude', '-33.454'],
  longitud: ['longitude', '-70.6'],
  fecha_entrega: ['deliveryDate', '2027-09'],
  estado_obra: ['buildStatus', 'GREEN_STATUS'],
  tipo_propiedad: ['assetType', 'department'],
  estado_comercial: ['commercialStatus', 'pre_sale'],
  descripcion: ['description', 'Departamentos a pasos del metro.'],
  amenidades: ['features', 'Piscina|Quincho|Gimnasio'],
  precio_reserva_clp: ['reservationPrice', '300000'],
  email_contacto: ['contactEmail', 'ventas@inmobiliariaandes.cl'],
  telefono_contacto: ['contactPhone', '+56 2 2654 3210'],
  ejecutivo: ['operator', 'Camila Herrera'],
  fecha_ingreso: ['enteredDate', '2026-11-20'],
} as const;

const UNIT_COLUMNS = {
  unidad: ['unitNumber', '101'],
  tipologia: ['typology', '2D2B'],
  modelo: ['model', 'A'],
  dormitorios: ['bedrooms', '2'],
  banos: ['bathrooms', '2'],
  orientacion: ['orientation', 'Norte'],
  piso: ['floor', '1'],
  estacionamientos: ['parkingLot', '1'],
  bodegas: ['store', '1'],
  precio_lista_uf: ['regularPrice', '4200'],
  precio_descuento_uf: ['discountPrice', '4000'],
  aporte_inmobiliaria_uf: ['realEstateContribution', '300'],
  superficie_interior_m2: ['innerSurface', '58'],
  superficie_terraza_m2: ['outerSurface', '7'],
} as const;

export const IMPORT_HEADERS = [...Object.keys(PROJECT_COLUMNS), ...Object.keys(UNIT_COLUMNS)];

/** The template's example: one project with two units. */
export const IMPORT_EXAMPLE_ROWS: string[][] = [
  [...Object.values(PROJECT_COLUMNS).map(([, v]) => v), ...Object.values(UNIT_COLUMNS).map(([, v]) => v)],
  [
    ...Object.values(PROJECT_COLUMNS).map(([, v]) => v),
    ...Object.values(UNIT_COLUMNS).map(([field, v]) => (field === 'unitNumber' ? '102' : field === 'floor' ? '1' : v)),
  ],
];

type Column = keyof typeof PROJECT_COLUMNS | keyof typeof UNIT_COLUMNS;
const fieldOf = (column: Column): string => ({ ...PROJECT_COLUMNS, ...UNIT_COLUMNS })[column][0];

export type ParsedUnit = { row: number; spec: UnitSpec };
export type ParsedGroup = {
  projectCode: string;
  rows: number[];
  details: ProjectDetailsInput | null;
  units: ParsedUnit[];
  errors: (FieldError & { row: number })[];
};

/** Groups rows by project code, in the file's order of first appearance. */
export const groupRows = (rows: readonly SheetRow[]): SheetRow[][] => {
  const groups = new Map<string, SheetRow[]>();
  for (const row of rows) {
    const code = (row.cells.codigo_proyecto ?? '').trim() || `__fila_${row.row}`;
    const group = groups.get(code);
    if (group) group.push(row);
    else groups.set(code, [row]);
  }
  return [...groups.values()];
};

/** Reads a group's cells into the deciders' inputs; a cell that is not a number where one is needed is reported. */
export const parseGroup = (rows: readonly SheetRow[], companyId: string | null): ParsedGroup => {
  const errors: (FieldError & { row: number })[] = [];
  const first = rows[0];
  const cell = (row: SheetRow, column: Column) => (row.cells[column] ?? '').trim();
  const number = (row: SheetRow, column: Column, optional = false): number => {
    const raw = cell(row, column).replace(/\s/g, '').replace(',', '.');
    if (raw === '' && optional) return NaN;
    const value = Number(raw);
    if (raw === '' || !Number.isFinite(value)) errors.push({ row: row.row, field: fieldOf(column), code: raw === '' ? 'REQUIRED' : 'INVALID_VALUE' });
    return value;
  };
  const required = (row: SheetRow, column: Column): string => {
    const value = cell(row, column);
    if (!value) errors.push({ row: row.row, field: fieldOf(column), code: 'REQUIRED' });
    return value;
  };
  if (!cell(first, 'codigo_proyecto')) errors.push({ row: first.row, field: 'projectCode', code: 'REQUIRED' });
  const owner = companyId ?? required(first, 'inmobiliaria');
  const details: ProjectDetailsInput = {
    name: required(first, 'nombre_proyecto'),
    realEstate: { companyId: owner, name: '', rut: '' },
    address: cell(first, 'direccion'),
    regionCode: cell(first, 'codigo_region').padStart(2, '0'),
    communeCode: cell(first, 'codigo_comuna').padStart(5, '0'),
    city: cell(first, 'ciudad'),
    latitude: number(first, 'latitud'),
    longitude: number(first, 'longitud'),
    deliveryDate: cell(first, 'fecha_entrega'),
    buildStatus: cell(first, 'estado_obra') as ProjectDetailsInput['buildStatus'],
    assetType: cell(first, 'tipo_propiedad') as ProjectDetailsInput['assetType'],
    description: cell(first, 'descripcion'),
    features: cell(first, 'amenidades')
      .split('|')
      .map((f) => f.trim())
      .filter(Boolean),
    relevantFeatures: [],
    reservationPrice: number(first, 'precio_reserva_clp'),
    reservationToDownPayment: true,
    webpayToken: null,
    contactEmail: cell(first, 'email_contacto'),
    contactPhone: cell(first, 'telefono_contacto'),
    operator: cell(first, 'ejecutivo'),
    secondaryOperator: null,
    totalUnits: rows.length,
    addedValue: '',
    capitalGain: 0,
    commercialStatus: (cell(first, 'estado_comercial') || 'pre_sale') as ProjectDetailsInput['commercialStatus'],
    directSale: false,
    enteredDate: cell(first, 'fecha_ingreso'),
    reservationPaid: true,
    comments: '',
    quantityOfUnits: rows.length,
  };
  const units = rows.map((row) => {
    const discount = number(row, 'precio_descuento_uf', true);
    const regularPrice = number(row, 'precio_lista_uf');
    const spec: UnitSpec = {
      unitNumber: required(row, 'unidad'),
      typology: required(row, 'tipologia'),
      model: cell(row, 'modelo'),
      bedrooms: number(row, 'dormitorios'),
      bathrooms: number(row, 'banos'),
      orientation: cell(row, 'orientacion'),
      floor: number(row, 'piso'),
      parkingLot: number(row, 'estacionamientos'),
      store: number(row, 'bodegas'),
      regularPrice,
      discountPrice: Number.isNaN(discount) ? null : discount,
      footVoucherPrice: null,
      realEstateContribution: number(row, 'aporte_inmobiliaria_uf', true) || 0,
      innerSurface: number(row, 'superficie_interior_m2'),
      outerSurface: number(row, 'superficie_terraza_m2', true) || 0,
      // The financing terms take the platform's defaults; each unit can be refined in the back office.
      constructionFoot: 0,
      constructionPaymentFees: 0,
      deedPercentage: 10,
      deedFees: 1,
      downPaymentPercentage: 20,
      creditPostSaleMaxPercentage: 80,
      creditPostSaleRate: 0,
      creditPostSaleMaxFees: 0,
      estimatedRents: [],
      minimumPledgePercentage: 10,
      minimumPledgeFees: 1,
      minimumFoot: 0,
      minimumCredit: 0,
      creditInterestRate: 0,
      maximumCreditInstallments: 360,
      minimumPromise: 0,
      minimumPromiseQuota: 0,
    };
    return { row: row.row, spec };
  });
  const seen = new Set<string>();
  for (const unit of units) {
    if (unit.spec.unitNumber && seen.has(unit.spec.unitNumber))
      errors.push({ row: unit.row, field: 'unitNumber', code: 'INVALID_VALUE', message: 'La unidad se repite en el proyecto.' });
    seen.add(unit.spec.unitNumber);
  }
  return { projectCode: cell(first, 'codigo_proyecto'), rows: rows.map((r) => r.row), details, units, errors };
};
