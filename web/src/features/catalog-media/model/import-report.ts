import type { ImportStatus } from '../api/catalog-media-api';
import { toCsv, type CsvColumn } from '../../../shared/kit/csv';

export const IMPORT_STATUS_LABELS: Readonly<Record<ImportStatus['status'], string>> = {
  idle: 'En espera',
  uploading: 'Subiendo',
  processing: 'Procesando',
  completed: 'Completada',
  failed: 'Fallida',
  cancelled: 'Cancelada',
};

export const importFinished = (status: ImportStatus['status']): boolean => status === 'completed' || status === 'failed' || status === 'cancelled';

/** "Procesadas 120 de 400 filas (30 %)": the bar's words, from the server's real counts. */
export const importProgressText = (s: Pick<ImportStatus, 'processed' | 'total'>, integer: (n: number) => string): string =>
  s.total > 0
    ? `Procesadas ${integer(s.processed)} de ${integer(s.total)} filas (${integer(Math.floor((s.processed / s.total) * 100))} %)`
    : 'Leyendo el archivo…';

export type RejectedRow = ImportStatus['rejected'][number];

/**
 * The template's columns by the field the server names in a rejected row: the person reads the column of
 * their sheet, never the field's name in code (regionCode).
 */
const IMPORT_FIELD_LABELS: Readonly<Record<string, string>> = {
  projectCode: 'Código del proyecto (codigo_proyecto)',
  name: 'Nombre del proyecto (nombre_proyecto)',
  'realEstate.companyId': 'Inmobiliaria (inmobiliaria)',
  address: 'Dirección (direccion)',
  regionCode: 'Código de región (codigo_region)',
  communeCode: 'Código de comuna (codigo_comuna)',
  city: 'Ciudad (ciudad)',
  latitude: 'Latitud (latitud)',
  longitude: 'Longitud (longitud)',
  deliveryDate: 'Fecha de entrega (fecha_entrega)',
  buildStatus: 'Estado de la obra (estado_obra)',
  assetType: 'Tipo de propiedad (tipo_propiedad)',
  commercialStatus: 'Estado comercial (estado_comercial)',
  description: 'Descripción (descripcion)',
  features: 'Amenidades (amenidades)',
  reservationPrice: 'Precio de reserva en CLP (precio_reserva_clp)',
  contactEmail: 'Email de contacto (email_contacto)',
  contactPhone: 'Teléfono de contacto (telefono_contacto)',
  operator: 'Ejecutivo (ejecutivo)',
  enteredDate: 'Fecha de ingreso (fecha_ingreso)',
  unitNumber: 'Unidad (unidad)',
  typology: 'Tipología (tipologia)',
  model: 'Modelo (modelo)',
  bedrooms: 'Dormitorios (dormitorios)',
  bathrooms: 'Baños (banos)',
  orientation: 'Orientación (orientacion)',
  floor: 'Piso (piso)',
  parkingLot: 'Estacionamientos (estacionamientos)',
  store: 'Bodegas (bodegas)',
  regularPrice: 'Precio lista en UF (precio_lista_uf)',
  discountPrice: 'Precio con descuento en UF (precio_descuento_uf)',
  realEstateContribution: 'Aporte de la inmobiliaria en UF (aporte_inmobiliaria_uf)',
  innerSurface: 'Superficie interior en m² (superficie_interior_m2)',
  outerSurface: 'Superficie terraza en m² (superficie_terraza_m2)',
};

/** The column a rejected row's field came from, in words; a field the template does not have reads as the whole row. */
export const importFieldLabel = (field: string): string => (Object.hasOwn(IMPORT_FIELD_LABELS, field) ? IMPORT_FIELD_LABELS[field] : 'Fila completa');

const count = (n: number, one: string, many: string, integer: (n: number) => string) => `${integer(n)} ${n === 1 ? one : many}`;

/** "3 unidades creadas en 1 proyecto; 1 fila rechazada." */
export const importSummaryText = (created: number, projects: number, rejected: number, integer: (n: number) => string): string =>
  `${count(created, 'unidad creada', 'unidades creadas', integer)} en ${count(projects, 'proyecto', 'proyectos', integer)}; ${count(rejected, 'fila rechazada', 'filas rechazadas', integer)}.`;

const REJECTED_COLUMNS: CsvColumn<RejectedRow>[] = [
  { header: 'Fila', value: (r) => r.row },
  { header: 'Campo', value: (r) => importFieldLabel(r.field) },
  { header: 'Motivo', value: (r) => r.message },
];

/** The rejected rows as a CSV file (RFC 4180, formula-safe). */
export const rejectedRowsCsv = (rows: readonly RejectedRow[]): string =>
  toCsv(
    REJECTED_COLUMNS,
    [...rows].sort((a, b) => a.row - b.row),
  );
