import type { AssetType, BuildStatus } from '../../domain/catalog/catalog-values';

/**
 * The demo catalogue's fixed part: real-estate companies and projects (names, places, kinds). Everything
 * else (units, prices, surfaces, which units are sold) comes from a seeded PRNG, so every start builds
 * the same catalogue. All of it is fictitious.
 */
export const DEMO_REAL_ESTATE_COMPANIES = [
  // inmobiliaria-andes is registered with the demo accounts (demo-accounts.ts).
  { companyId: 'inmobiliaria-andes', name: 'Inmobiliaria Andes SpA', rut: '76123456-0' },
  { companyId: 'constructora-pacifico', name: 'Constructora Pacífico Sur S.A.', rut: '76543210-3', description: 'Constructora e inmobiliaria de la zona centro y sur.', contactEmail: 'ventas@pacificosur.cl', contactPhone: '+56322345678' },
  { companyId: 'inmobiliaria-austral', name: 'Inmobiliaria Austral Ltda.', rut: '77888999-4', description: 'Desarrollos residenciales e industriales en el norte y el sur de Chile.', contactEmail: 'contacto@inmoaustral.cl', contactPhone: '+56412345678' },
] as const;

export type DemoCompanyId = (typeof DEMO_REAL_ESTATE_COMPANIES)[number]['companyId'];

export interface DemoProject {
  readonly id: string;
  readonly name: string;
  readonly regionCode: string;
  readonly communeCode: string;
  readonly city: string;
  readonly address: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly assetType: AssetType;
  readonly buildStatus: BuildStatus;
  readonly companyId: DemoCompanyId;
  readonly deliveryDate: string;
  readonly enteredDate: string;
}

const p = (
  id: string,
  name: string,
  regionCode: string,
  communeCode: string,
  city: string,
  address: string,
  latitude: number,
  longitude: number,
  assetType: AssetType,
  buildStatus: BuildStatus,
  companyId: DemoCompanyId,
  deliveryDate: string,
  enteredDate: string,
): DemoProject => ({ id, name, regionCode, communeCode, city, address, latitude, longitude, assetType, buildStatus, companyId, deliveryDate, enteredDate });

export const DEMO_PROJECTS: readonly DemoProject[] = [
  p('parque-nunoa', 'Edificio Parque Ñuñoa', '13', '13120', 'Santiago', 'Av. Irarrázaval 3450', -33.4543, -70.5968, 'department', 'GREEN_STATUS', 'inmobiliaria-andes', '2027-06', '2026-03-02'),
  p('mirador-providencia', 'Mirador Providencia', '13', '13123', 'Santiago', 'Av. Providencia 2120', -33.4212, -70.6065, 'department', 'IMMEDIATE_DELIVERY', 'inmobiliaria-andes', '2026-05', '2025-11-14'),
  p('altos-las-condes', 'Altos de Las Condes', '13', '13114', 'Santiago', 'Av. Apoquindo 6550', -33.4089, -70.5651, 'department', 'WHITE_STATUS', 'inmobiliaria-andes', '2028-03', '2026-08-20'),
  p('vista-vitacura', 'Vista Vitacura', '13', '13132', 'Santiago', 'Av. Vitacura 7800', -33.3862, -70.5671, 'department', 'GREEN_STATUS', 'constructora-pacifico', '2027-09', '2026-05-11'),
  p('barrio-santiago-centro', 'Barrio Santiago Centro', '13', '13101', 'Santiago', 'San Diego 845', -33.4570, -70.6497, 'department', 'IMMEDIATE_DELIVERY', 'constructora-pacifico', '2026-01', '2025-07-03'),
  p('plaza-la-florida', 'Plaza La Florida', '13', '13110', 'Santiago', 'Av. Vicuña Mackenna 7110', -33.5208, -70.5988, 'department', 'GREEN_STATUS', 'inmobiliaria-austral', '2027-02', '2026-01-19'),
  p('jardines-maipu', 'Condominio Jardines de Maipú', '13', '13119', 'Santiago', 'Av. Pajaritos 4321', -33.5107, -70.7573, 'house', 'WHITE_STATUS', 'inmobiliaria-austral', '2028-01', '2026-09-07'),
  p('brisas-puente-alto', 'Brisas de Puente Alto', '13', '13201', 'Santiago', 'Av. Concha y Toro 2990', -33.5847, -70.5747, 'house', 'IMMEDIATE_DELIVERY', 'inmobiliaria-austral', '2025-12', '2025-09-22'),
  p('nodo-san-miguel', 'Nodo San Miguel', '13', '13130', 'Santiago', 'Gran Avenida José Miguel Carrera 5230', -33.4968, -70.6528, 'department', 'GREEN_STATUS', 'inmobiliaria-andes', '2027-04', '2026-06-15'),
  p('estacion-central-living', 'Estación Central Living', '13', '13106', 'Santiago', 'Av. Libertador Bernardo O\'Higgins 3800', -33.4543, -70.6919, 'department', 'WHITE_STATUS', 'constructora-pacifico', '2028-06', '2026-10-01'),
  p('torre-apoquindo', 'Torre Apoquindo Oficinas', '13', '13114', 'Santiago', 'Av. Apoquindo 4700', -33.4135, -70.5843, 'office', 'IMMEDIATE_DELIVERY', 'inmobiliaria-andes', '2025-10', '2025-06-30'),
  p('centro-logistico-colina', 'Centro Logístico Colina', '13', '13301', 'Colina', 'Camino Lo Pinto 1500', -33.2021, -70.6752, 'warehouse', 'GREEN_STATUS', 'inmobiliaria-austral', '2027-03', '2026-04-08'),
  p('costanera-vina', 'Costanera Viña del Mar', '05', '05109', 'Viña del Mar', 'Av. Perú 1100', -33.0185, -71.5522, 'department', 'IMMEDIATE_DELIVERY', 'constructora-pacifico', '2026-03', '2025-10-10'),
  p('cerro-alegre-valparaiso', 'Cerro Alegre Valparaíso', '05', '05101', 'Valparaíso', 'Templeman 560', -33.0419, -71.6288, 'department', 'GREEN_STATUS', 'constructora-pacifico', '2027-08', '2026-02-16'),
  p('dunas-concon', 'Dunas de Concón', '05', '05103', 'Concón', 'Av. Borgoño 21500', -32.9412, -71.5487, 'department', 'WHITE_STATUS', 'inmobiliaria-andes', '2028-02', '2026-07-27'),
  p('parque-quilpue', 'Parque Quilpué', '05', '05801', 'Quilpué', 'Av. Los Carrera 1730', -33.0476, -71.4424, 'house', 'GREEN_STATUS', 'constructora-pacifico', '2027-05', '2026-03-30'),
  p('estacionamientos-vina-centro', 'Estacionamientos Viña Centro', '05', '05109', 'Viña del Mar', 'Quillota 250', -33.0245, -71.5519, 'parking_lot', 'IMMEDIATE_DELIVERY', 'constructora-pacifico', '2025-08', '2025-05-12'),
  p('ribera-biobio', 'Ribera del Biobío', '08', '08101', 'Concepción', 'Av. Costanera 1200', -36.8334, -73.0630, 'department', 'GREEN_STATUS', 'inmobiliaria-austral', '2027-07', '2026-05-25'),
  p('lomas-san-pedro', 'Lomas de San Pedro', '08', '08108', 'San Pedro de la Paz', 'Av. Pedro Aguirre Cerda 1850', -36.8490, -73.1036, 'house', 'WHITE_STATUS', 'inmobiliaria-austral', '2028-04', '2026-09-28'),
  p('bodegas-talcahuano', 'Bodegas Puerto Talcahuano', '08', '08110', 'Talcahuano', 'Colón 3100', -36.7320, -73.1097, 'storage_unit', 'IMMEDIATE_DELIVERY', 'constructora-pacifico', '2025-09', '2025-08-04'),
  p('paseo-concepcion', 'Paseo Comercial Concepción', '08', '08101', 'Concepción', 'Barros Arana 850', -36.8261, -73.0498, 'commercial', 'GREEN_STATUS', 'inmobiliaria-andes', '2027-01', '2026-02-02'),
  p('faro-la-serena', 'Faro La Serena', '04', '04101', 'La Serena', 'Av. del Mar 3400', -29.9275, -71.2750, 'department', 'IMMEDIATE_DELIVERY', 'constructora-pacifico', '2026-02', '2025-12-01'),
  p('bahia-coquimbo', 'Bahía Coquimbo', '04', '04102', 'Coquimbo', 'Av. Costanera 5200', -29.9622, -71.3290, 'department', 'GREEN_STATUS', 'inmobiliaria-austral', '2027-10', '2026-06-29'),
  p('valle-elqui-parcelas', 'Parcelas Valle del Elqui', '04', '04105', 'Paihuano', 'Ruta D-485 km 12', -30.0290, -70.5190, 'plot', 'IMMEDIATE_DELIVERY', 'inmobiliaria-austral', '2025-11', '2025-06-16'),
  p('costa-antofagasta', 'Costa Antofagasta', '02', '02101', 'Antofagasta', 'Av. Grecia 1400', -23.6595, -70.3998, 'department', 'GREEN_STATUS', 'inmobiliaria-austral', '2027-11', '2026-04-20'),
  p('oficinas-antofagasta', 'Centro Empresarial Antofagasta', '02', '02101', 'Antofagasta', 'Av. Balmaceda 2355', -23.6466, -70.3985, 'office', 'WHITE_STATUS', 'inmobiliaria-austral', '2028-05', '2026-08-03'),
  p('bosque-temuco', 'Bosque de Temuco', '09', '09101', 'Temuco', 'Av. Alemania 0950', -38.7353, -72.6139, 'department', 'GREEN_STATUS', 'inmobiliaria-andes', '2027-06', '2026-01-05'),
  p('loteo-temuco-sur', 'Loteo Temuco Sur', '09', '09101', 'Temuco', 'Camino a Labranza 2200', -38.7600, -72.6500, 'site', 'IMMEDIATE_DELIVERY', 'inmobiliaria-andes', '2025-07', '2025-04-14'),
  p('puerto-montt-mirador', 'Mirador de Puerto Montt', '10', '10101', 'Puerto Montt', 'Av. Diego Portales 1200', -41.4717, -72.9396, 'department', 'WHITE_STATUS', 'constructora-pacifico', '2028-01', '2026-10-19'),
  p('locales-puerto-varas', 'Locales del Lago Puerto Varas', '10', '10109', 'Puerto Varas', 'San José 420', -41.3195, -72.9854, 'commercial', 'IMMEDIATE_DELIVERY', 'inmobiliaria-andes', '2026-04', '2025-12-15'),
];

/** Featured on the home page, in this order. */
export const DEMO_FEATURED = ['parque-nunoa', 'costanera-vina', 'mirador-providencia', 'ribera-biobio', 'faro-la-serena', 'altos-las-condes'];

/** Created but not enabled: hidden from buyers (spec §4). */
export const DEMO_DISABLED = ['estacion-central-living', 'oficinas-antofagasta'];

export const RESIDENTIAL_AMENITIES = [
  'Piscina',
  'Gimnasio',
  'Quincho',
  'Sala multiuso',
  'Cowork',
  'Lavandería',
  'Bicicletero',
  'Juegos infantiles',
  'Áreas verdes',
  'Conserjería 24/7',
  'Estacionamiento de visitas',
  'Terraza panorámica',
  'Cargador eléctrico',
];

export const COMMERCIAL_AMENITIES = ['Conserjería 24/7', 'Control de acceso', 'Estacionamiento de visitas', 'Cargador eléctrico', 'Andén de carga', 'Grupo electrógeno', 'Sala de reuniones'];
