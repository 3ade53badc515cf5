import type { ProjectDetailsInput } from '../../../domain/catalog/project';
import type { UnitSpec } from '../../../domain/catalog/unit';

/** Valid inputs for the catalogue's deciders, shared by the domain and projection specs. */
export const projectInput = (overrides: Partial<ProjectDetailsInput> = {}): ProjectDetailsInput => ({
  name: 'Edificio Parque Ñuñoa',
  realEstate: { companyId: 'inmobiliaria-andes', name: 'Inmobiliaria Andes SpA', rut: '76.123.456-0' },
  address: 'Av. Irarrázaval 3450',
  regionCode: '13',
  communeCode: '13120',
  city: 'Santiago',
  latitude: -33.4543,
  longitude: -70.5968,
  deliveryDate: '2027-06',
  buildStatus: 'GREEN_STATUS',
  assetType: 'department',
  description: 'Departamentos cerca del metro.',
  features: ['Piscina', 'Gimnasio'],
  relevantFeatures: ['Cerca del metro'],
  reservationPrice: 500_000,
  reservationToDownPayment: true,
  webpayToken: null,
  contactEmail: 'Ventas@Andes.cl',
  contactPhone: '+56 2 2654 3210',
  operator: 'Camila Herrera',
  secondaryOperator: null,
  totalUnits: 20,
  addedValue: 'Barrio en consolidación',
  capitalGain: 3.5,
  commercialStatus: 'on_sale',
  directSale: false,
  enteredDate: '2026-03-02',
  reservationPaid: true,
  comments: '',
  quantityOfUnits: 20,
  ...overrides,
});

export const unitSpec = (overrides: Partial<UnitSpec> = {}): UnitSpec => ({
  unitNumber: '604', typology: '2D2B', model: 'A', bedrooms: 2, bathrooms: 2, orientation: 'Norte', floor: 6, parkingLot: 1, store: 1,
  regularPrice: 4000, discountPrice: 3800, footVoucherPrice: 4400, realEstateContribution: 440, innerSurface: 55, outerSurface: 6,
  constructionFoot: 400, constructionPaymentFees: 24, deedPercentage: 10, deedFees: 1, downPaymentPercentage: 20,
  creditPostSaleMaxPercentage: 80, creditPostSaleRate: 4.2, creditPostSaleMaxFees: 360, estimatedRents: [650000, 720000],
  minimumPledgePercentage: 10, minimumPledgeFees: 1, minimumFoot: 400, minimumCredit: 500, creditInterestRate: 4.3,
  maximumCreditInstallments: 360, minimumPromise: 80, minimumPromiseQuota: 1, ...overrides,
});
