import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogService } from '../../application/catalog/catalog-service';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { UfService } from '../../application/financing/uf-service';
import type { EventStore } from '../../kernel/ports/event-store';
import type { AssetType } from '../../domain/catalog/catalog-values';
import type { ProjectDetailsInput } from '../../domain/catalog/project';
import { unitStream, type UnitSpec } from '../../domain/catalog/unit';
import { companyDecider, companyStream } from '../../domain/companies/company';
import { UF_STREAM } from '../../domain/financing/uf';
import type { CommandMetadata } from '../../domain/shared/event';
import {
  COMMERCIAL_AMENITIES,
  DEMO_DISABLED,
  DEMO_FEATURED,
  DEMO_PROJECTS,
  DEMO_REAL_ESTATE_COMPANIES,
  RESIDENTIAL_AMENITIES,
  type DemoProject,
} from './demo-catalogue-data';
import { facadeSize, facadeSvg, floorPlanSvg, type PictureKind } from './demo-catalogue-svg';
import { demoUfPublications } from './demo-catalogue-uf';

const UNITS_PER_PROJECT = 20;

/** mulberry32: a small, fast, seeded PRNG; the same seed gives the same catalogue on every start. */
const prng = (seed: number) => {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
};
type Random = ReturnType<typeof prng>;

const RESIDENTIAL: readonly AssetType[] = ['department', 'house'];
const ORIENTATIONS = ['Norte', 'Sur', 'Oriente', 'Poniente', 'Nororiente', 'Norponiente', 'Suroriente', 'Surponiente'];

/** Typologies per asset type: name, bedrooms, bathrooms, inner surface (m²), base price (UF). */
const TYPOLOGIES: Record<AssetType, { typology: string; bedrooms: number; bathrooms: number; surface: number; price: number }[]> = {
  department: [
    { typology: '1D1B', bedrooms: 1, bathrooms: 1, surface: 36, price: 2600 },
    { typology: '2D2B', bedrooms: 2, bathrooms: 2, surface: 55, price: 3900 },
    { typology: '3D2B', bedrooms: 3, bathrooms: 2, surface: 74, price: 5200 },
  ],
  house: [
    { typology: 'Casa 3D2B', bedrooms: 3, bathrooms: 2, surface: 90, price: 4300 },
    { typology: 'Casa 4D3B', bedrooms: 4, bathrooms: 3, surface: 120, price: 5900 },
  ],
  office: [{ typology: 'Oficina', bedrooms: 0, bathrooms: 1, surface: 48, price: 3600 }],
  commercial: [{ typology: 'Local', bedrooms: 0, bathrooms: 1, surface: 60, price: 5200 }],
  warehouse: [{ typology: 'Galpón', bedrooms: 0, bathrooms: 1, surface: 450, price: 9800 }],
  parking_lot: [{ typology: 'Estacionamiento', bedrooms: 0, bathrooms: 0, surface: 12.5, price: 320 }],
  storage_unit: [{ typology: 'Bodega', bedrooms: 0, bathrooms: 0, surface: 4, price: 95 }],
  site: [{ typology: 'Sitio', bedrooms: 0, bathrooms: 0, surface: 300, price: 1600 }],
  plot: [{ typology: 'Parcela', bedrooms: 0, bathrooms: 0, surface: 5000, price: 1900 }],
};

/** Where land costs more. */
const PREMIUM: Record<string, number> = { '13114': 1.45, '13132': 1.55, '13123': 1.3, '13120': 1.15, '05103': 1.1, '05109': 1.1 };

const reservationPriceOf = (type: AssetType): number =>
  RESIDENTIAL.includes(type) ? 500_000 : type === 'parking_lot' || type === 'storage_unit' ? 100_000 : 1_000_000;

const unitNumberOf = (type: AssetType, index: number): { unitNumber: string; floor: number } => {
  if (type === 'department' || type === 'office') {
    const floor = 2 + Math.floor(index / 4);
    return { unitNumber: `${floor}0${(index % 4) + 1}`, floor };
  }
  const prefix = { house: 'C', commercial: 'L', warehouse: 'G', parking_lot: 'E', storage_unit: 'B', site: 'S', plot: 'P' }[
    type as Exclude<AssetType, 'department' | 'office'>
  ];
  return { unitNumber: `${prefix}-${String(index + 1).padStart(2, '0')}`, floor: type === 'parking_lot' || type === 'storage_unit' ? -1 : 1 };
};

const unitSpec = (project: DemoProject, index: number, random: Random, bonus: boolean): UnitSpec => {
  const type = project.assetType;
  const t = random.pick(TYPOLOGIES[type]);
  const { unitNumber, floor } = unitNumberOf(type, index);
  const model = random.pick(['A', 'B']);
  const surface = Math.round(t.surface * (0.92 + random.next() * 0.16) * 10) / 10;
  const regularPrice = Math.round(t.price * (PREMIUM[project.communeCode] ?? 1) * (0.94 + random.next() * 0.12) * (1 + Math.max(floor, 0) * 0.006));
  const discountPrice = random.chance(0.3) ? Math.round(regularPrice * (0.92 + random.next() * 0.05)) : null;
  const footVoucherPrice = bonus ? Math.round(regularPrice * 1.1) : null;
  const residential = RESIDENTIAL.includes(type);
  const rent = Math.round((regularPrice * 40_000 * 0.0045) / 1000) * 1000;
  return {
    unitNumber,
    typology: t.typology,
    model,
    bedrooms: t.bedrooms,
    bathrooms: t.bathrooms,
    orientation: random.pick(ORIENTATIONS),
    floor,
    parkingLot: residential ? random.int(0, t.bedrooms > 1 ? 2 : 1) : type === 'parking_lot' ? 1 : 0,
    store: residential ? random.int(0, 1) : type === 'storage_unit' ? 1 : 0,
    regularPrice,
    discountPrice,
    footVoucherPrice,
    realEstateContribution: footVoucherPrice ? Math.round(footVoucherPrice * 0.1) : 0,
    innerSurface: surface,
    outerSurface: residential ? Math.round(surface * (0.08 + random.next() * 0.12) * 10) / 10 : 0,
    constructionFoot: Math.round(regularPrice * 0.1),
    constructionPaymentFees: project.buildStatus === 'IMMEDIATE_DELIVERY' ? 1 : random.pick([12, 24, 36]),
    deedPercentage: 10,
    deedFees: 1,
    downPaymentPercentage: 20,
    creditPostSaleMaxPercentage: 80,
    creditPostSaleRate: 4.2,
    creditPostSaleMaxFees: 360,
    estimatedRents: residential || type === 'office' || type === 'commercial' ? [Math.round(rent * 0.9), Math.round(rent * 1.1)] : [],
    minimumPledgePercentage: 10,
    minimumPledgeFees: 1,
    minimumFoot: Math.round(regularPrice * 0.1),
    minimumCredit: 500,
    creditInterestRate: Math.round((3.9 + random.next() * 0.9) * 100) / 100,
    maximumCreditInstallments: 360,
    minimumPromise: Math.round(regularPrice * 0.02),
    minimumPromiseQuota: 1,
  };
};

const detailsOf = (project: DemoProject, random: Random): ProjectDetailsInput => {
  const company = DEMO_REAL_ESTATE_COMPANIES.find((c) => c.companyId === project.companyId)!;
  const residential = RESIDENTIAL.includes(project.assetType);
  const pool = residential ? RESIDENTIAL_AMENITIES : COMMERCIAL_AMENITIES;
  const features = pool.filter(() => random.chance(0.45));
  return {
    name: project.name,
    realEstate: { companyId: company.companyId, name: company.name, rut: company.rut },
    address: project.address,
    regionCode: project.regionCode,
    communeCode: project.communeCode,
    city: project.city,
    latitude: project.latitude,
    longitude: project.longitude,
    deliveryDate: project.deliveryDate,
    buildStatus: project.buildStatus,
    assetType: project.assetType,
    description: residential
      ? `${project.name} ofrece departamentos y casas pensados para familias, cerca de comercio, colegios y transporte público en ${project.city}.`
      : `${project.name}: espacios para su empresa o inversión, con buena conectividad en ${project.city}.`,
    features: features.length ? features : [pool[0]],
    relevantFeatures: residential
      ? ['Cerca del metro o locomoción', 'Aporte de la empresa al pie', 'Crédito hipotecario hasta 80 %']
      : ['Alta plusvalía', 'Conectividad'],
    reservationPrice: reservationPriceOf(project.assetType),
    reservationToDownPayment: true,
    webpayToken: null,
    contactEmail: `ventas+${project.id}@vivienda.local`,
    contactPhone: '+56226543210',
    operator: random.pick(['Camila Herrera', 'Diego Rojas', 'Francisca Soto', 'Matías Pérez']),
    secondaryOperator: random.chance(0.5) ? random.pick(['Josefa Muñoz', 'Benjamín Vera']) : null,
    totalUnits: UNITS_PER_PROJECT,
    addedValue: residential ? 'Barrio en consolidación con nuevos servicios y transporte.' : 'Zona de alta demanda comercial.',
    capitalGain: Math.round((2 + random.next() * 4) * 10) / 10,
    commercialStatus: project.buildStatus === 'WHITE_STATUS' ? 'pre_sale' : 'on_sale',
    directSale: random.chance(0.3),
    enteredDate: project.enteredDate,
    reservationPaid: true,
    comments: '',
    quantityOfUnits: UNITS_PER_PROJECT,
  };
};

const write = (filesDir: string, fileRef: string, content: string) => {
  const file = path.join(filesDir, fileRef);
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};

/**
 * A generated picture, stored under a name that carries a hash of its content (`cover.3f2a9c01d4e5.svg`): a drawing
 * that changes is a new URL, so browsers may keep every picture for good (adapters/http/app.ts, /files/projects).
 */
const writePicture = (filesDir: string, folder: string, name: string, content: string): string => {
  const fileRef = `${folder}/${name}.${createHash('sha256').update(content).digest('hex').slice(0, 12)}.svg`;
  write(filesDir, fileRef, content);
  return fileRef;
};

/** Units that are sold already, and one disabled unit in some projects, so the catalogue has some of each. */
const SOLD_SHARE = 0.08;

export interface DemoCatalogueResult {
  readonly seeded: boolean;
  readonly projects: number;
  readonly units: number;
  readonly ms: number;
}

/**
 * The demo catalogue, written through the same commands as real use: real-estate companies, the UF table,
 * 30 projects over 7 regions with 20 units each, every asset type and build status, generated pictures
 * and floor plans under DATA_DIR/files. Idempotent; a data dir that holds the whole catalogue already is
 * recognised by its last unit and left alone (only missing picture files are written again).
 */
export const seedDemoCatalogue = async (
  events: EventStore,
  catalog: CatalogService,
  uf: UfService,
  filesDir: string,
  now = new Date(),
): Promise<DemoCatalogueResult> => {
  const started = Date.now();
  const meta: CommandMetadata = { now, actorId: 'system', actorRoles: [], correlationId: 'demo-seed-catalogue' };
  const last = DEMO_PROJECTS[DEMO_PROJECTS.length - 1];
  const complete =
    (await events.readStream(UF_STREAM)).length > 0 &&
    (await events.readStream(unitStream(`${last.id}-${unitNumberOf(last.assetType, UNITS_PER_PROJECT - 1).unitNumber}`))).length > 0;

  if (!complete) {
    for (const values of demoUfPublications()) await uf.record(values, 'seed', meta);
    for (const company of DEMO_REAL_ESTATE_COMPANIES) {
      if (!('description' in company)) continue;
      await handleCommand(events, companyStream(company.companyId), companyDecider, { type: 'RegisterCompany', ...company, kind: 'real_estate' }, meta);
    }
  }

  let units = 0;
  for (const [index, project] of DEMO_PROJECTS.entries()) {
    const random = prng(2026 + index * 7919);
    const residential = RESIDENTIAL.includes(project.assetType);
    const bonus = residential && index % 3 === 0;
    const details = detailsOf(project, random);
    const base = `projects/${project.id}`;
    const pictures: { id: string; kind: PictureKind; category: 'cover' | 'card' | 'gallery' | 'additional'; name: string }[] = [
      { id: 'cover', kind: 'cover', category: 'cover', name: 'Fachada' },
      { id: 'card', kind: 'card', category: 'card', name: 'Tarjeta' },
      { id: 'gallery-1', kind: 'gallery', category: 'gallery', name: 'Vista exterior' },
      { id: 'gallery-2', kind: 'gallery', category: 'gallery', name: 'Áreas comunes' },
      { id: 'gallery-3', kind: 'gallery', category: 'gallery', name: 'Entorno' },
      { id: 'additional-1', kind: 'additional', category: 'additional', name: 'Ubicación' },
    ];
    const pictureRefs = pictures.map((pic, i) =>
      writePicture(filesDir, base, pic.id, facadeSvg(project.name, `${details.city} · ${pic.name}`, index * 11 + i, pic.kind)),
    );
    const specs = Array.from({ length: UNITS_PER_PROJECT }, (_, i) => unitSpec(project, i, random, bonus));
    const plans = [...new Map(specs.map((s) => [`${s.typology}|${s.model}`, s])).values()];
    const planRefs = plans.map((s) =>
      writePicture(
        filesDir,
        `${base}/plans`,
        `${slug(s.typology)}-${s.model}`,
        floorPlanSvg(`${s.typology} modelo ${s.model}`, s.bedrooms, s.bathrooms, s.innerSurface),
      ),
    );
    const custom = residential ? specs[specs.length - 1] : null;
    const customPlanRef = custom
      ? writePicture(
          filesDir,
          `${base}/plans`,
          `unit-${custom.unitNumber}`,
          floorPlanSvg(`Unidad ${custom.unitNumber} (planta personalizada)`, custom.bedrooms, custom.bathrooms + 1, custom.innerSurface * 1.1),
        )
      : null;
    const soldFlags = specs.map(() => random.chance(SOLD_SHARE));
    if (complete) continue;

    await catalog.onProject(
      project.id,
      {
        type: 'CreateProject',
        projectId: project.id,
        details,
        pricing: { bonusEnabled: bonus, bonusDescription: bonus ? 'Bono pie: la inmobiliaria aporta el 10 % del precio al pie.' : '' },
      },
      meta,
    );
    for (const [i, pic] of pictures.entries())
      await catalog.onProject(
        project.id,
        {
          type: 'AddProjectImage',
          imageId: pic.id,
          category: pic.category,
          name: pic.name,
          fileRef: pictureRefs[i],
          primary: i < 2 || pic.id === 'gallery-1',
          size: facadeSize(pic.kind),
        },
        meta,
      );
    for (const [i, s] of plans.entries())
      await catalog.onProject(
        project.id,
        {
          type: 'AddFloorPlan',
          planId: `${slug(s.typology)}-${s.model}`,
          typology: s.typology,
          model: s.model,
          name: `${s.typology} modelo ${s.model}`,
          fileRef: planRefs[i],
          primary: i === 0,
        },
        meta,
      );
    if (index % 4 === 1)
      await catalog.onProject(
        project.id,
        {
          type: 'PublishMonthlyPromotion',
          promotionId: 'promo-2026-12',
          month: '2026-12',
          title: 'Diciembre: gastos operacionales pagados',
          description: 'Reservando en diciembre, la inmobiliaria paga los gastos operacionales de la escritura.',
          discountPercent: null,
        },
        meta,
      );
    if (index % 5 === 2)
      await catalog.onProject(
        project.id,
        {
          type: 'PublishMonthlyPromotion',
          promotionId: 'promo-2026-11',
          month: '2026-11',
          title: 'Noviembre: 5 % de descuento',
          description: 'Descuento sobre el precio de lista en unidades seleccionadas.',
          discountPercent: 5,
        },
        meta,
      );

    for (const [i, spec] of specs.entries()) {
      const unitId = `${project.id}-${spec.unitNumber}`;
      await catalog.addUnit(unitId, project.id, spec, meta);
      if (soldFlags[i]) await catalog.onUnit(unitId, { type: 'RecordSale', saleId: `demo-sale-${unitId}` }, meta);
      if (i === 5 && index % 6 === 0) await catalog.onUnit(unitId, { type: 'DisableUnit', reason: 'En remodelación' }, meta);
    }
    if (custom && customPlanRef)
      await catalog.onProject(
        project.id,
        {
          type: 'CustomizeUnitFloorPlan',
          unitId: `${project.id}-${custom.unitNumber}`,
          basePlanId: `${slug(custom.typology)}-${custom.model}`,
          name: `Unidad ${custom.unitNumber} (planta personalizada)`,
          fileRef: customPlanRef,
        },
        meta,
      );
    if (!DEMO_DISABLED.includes(project.id)) await catalog.onProject(project.id, { type: 'EnableProject' }, meta);
    const featured = DEMO_FEATURED.indexOf(project.id);
    if (featured >= 0) await catalog.onProject(project.id, { type: 'FeatureProject', order: featured + 1 }, meta);
    units += specs.length;
  }
  return { seeded: !complete, projects: DEMO_PROJECTS.length, units: complete ? 0 : units, ms: Date.now() - started };
};

const slug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
