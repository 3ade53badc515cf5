import { projectFields, type BackofficeProject, type ProjectFields } from '../../../../../contract/catalog-admin';
import { parseDecimal } from '../../../shared/format/format';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';

/** The project form's state: what the inputs hold (text as typed, lists one per line). */
export interface ProjectDraft {
  name: string;
  companyId: string;
  address: string;
  regionCode: string;
  communeCode: string;
  city: string;
  latitude: string;
  longitude: string;
  deliveryDate: string;
  buildStatus: string;
  assetType: string;
  description: string;
  features: string;
  relevantFeatures: string;
  reservationPrice: string;
  reservationToDownPayment: boolean;
  webpayToken: string;
  contactEmail: string;
  contactPhone: string;
  operator: string;
  secondaryOperator: string;
  totalUnits: string;
  addedValue: string;
  capitalGain: string;
  commercialStatus: string;
  directSale: boolean;
  enteredDate: string;
  reservationPaid: boolean;
  comments: string;
  quantityOfUnits: string;
  bonusEnabled: boolean;
  bonusDescription: string;
}

export const WEBPAY_TOKEN_MAX = projectFields.shape.webpayToken.unwrap().maxLength ?? 200;

/** A new project: today as its entry date, the only real-estate company preselected when there is one. */
export const emptyProjectDraft = (today: string, companyId = ''): ProjectDraft => ({
  name: '',
  companyId,
  address: '',
  regionCode: '',
  communeCode: '',
  city: '',
  latitude: '',
  longitude: '',
  deliveryDate: '',
  buildStatus: 'WHITE_STATUS',
  assetType: 'department',
  description: '',
  features: '',
  relevantFeatures: '',
  reservationPrice: '',
  reservationToDownPayment: false,
  webpayToken: '',
  contactEmail: '',
  contactPhone: '',
  operator: '',
  secondaryOperator: '',
  totalUnits: '0',
  addedValue: '',
  capitalGain: '0',
  commercialStatus: 'pre_sale',
  directSale: false,
  enteredDate: today,
  // A new project takes online reservations (the sandbox needs no commerce code); unticked, the sales office arranges them.
  reservationPaid: true,
  comments: '',
  quantityOfUnits: '0',
  bonusEnabled: false,
  bonusDescription: '',
});

const text = (n: number) => String(n).replace('.', ',');

export const draftFromProject = (p: BackofficeProject): ProjectDraft => ({
  name: p.name,
  companyId: p.realEstate.companyId,
  address: p.address,
  regionCode: p.regionCode,
  communeCode: p.communeCode,
  city: p.city,
  latitude: text(p.latitude),
  longitude: text(p.longitude),
  deliveryDate: p.deliveryDate,
  buildStatus: p.buildStatus,
  assetType: p.assetType,
  description: p.description,
  features: p.features.join('\n'),
  relevantFeatures: p.relevantFeatures.join('\n'),
  reservationPrice: String(p.reservationPrice),
  reservationToDownPayment: p.reservationToDownPayment,
  webpayToken: p.webpayToken ?? '',
  contactEmail: p.contactEmail,
  contactPhone: p.contactPhone,
  operator: p.operator,
  secondaryOperator: p.secondaryOperator ?? '',
  totalUnits: String(p.totalUnits),
  addedValue: p.addedValue,
  capitalGain: text(p.capitalGain),
  commercialStatus: p.commercialStatus,
  directSale: p.directSale,
  enteredDate: p.enteredDate,
  reservationPaid: p.reservationPaid,
  comments: p.comments,
  quantityOfUnits: String(p.quantityOfUnits),
  bonusEnabled: p.pricing.bonusEnabled,
  bonusDescription: p.pricing.bonusDescription,
});

/** A typed number, or NaN so the schema reports the field (an empty box is "required", not zero). */
const num = (value: string): number => parseDecimal(value) ?? Number.NaN;
const lines = (value: string) =>
  value
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

const toBody = (d: ProjectDraft) => ({
  name: d.name,
  realEstate: { companyId: d.companyId },
  address: d.address,
  regionCode: d.regionCode,
  communeCode: d.communeCode,
  city: d.city.trim(),
  latitude: num(d.latitude),
  longitude: num(d.longitude),
  deliveryDate: d.deliveryDate,
  buildStatus: d.buildStatus,
  assetType: d.assetType,
  description: d.description,
  features: lines(d.features),
  relevantFeatures: lines(d.relevantFeatures),
  reservationPrice: num(d.reservationPrice),
  reservationToDownPayment: d.reservationToDownPayment,
  webpayToken: orNull(d.webpayToken),
  contactEmail: d.contactEmail.trim(),
  contactPhone: d.contactPhone.trim(),
  operator: d.operator.trim(),
  secondaryOperator: orNull(d.secondaryOperator),
  totalUnits: num(d.totalUnits),
  addedValue: d.addedValue,
  capitalGain: num(d.capitalGain),
  commercialStatus: d.commercialStatus,
  directSale: d.directSale,
  enteredDate: d.enteredDate,
  reservationPaid: d.reservationPaid,
  comments: d.comments,
  quantityOfUnits: num(d.quantityOfUnits),
  pricing: { bonusEnabled: d.bonusEnabled, bonusDescription: d.bonusDescription },
});

/** A server or schema field path ("realEstate.companyId", "features.2", "pricing.bonusDescription") as the draft's field. */
export const draftField = (path: string): string => {
  const [head, second] = path.split('.');
  if (head === 'realEstate') return 'companyId';
  if (head === 'pricing') return second ?? 'bonusDescription';
  return head;
};

export const draftErrors = (errors: Readonly<Record<string, string>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) out[draftField(path)] ??= message;
  return out;
};

/** The contract's schema decides, as the server will: the fields to send, or the messages at their fields. */
export const checkProjectDraft = (draft: ProjectDraft): { ok: true; fields: ProjectFields } | { ok: false; errors: Record<string, string> } => {
  const parsed = projectFields.safeParse(toBody(draft));
  return parsed.success ? { ok: true, fields: parsed.data } : { ok: false, errors: draftErrors(zodFieldMessages(parsed.error)) };
};

/** Only what changed goes in the PATCH (each change is recorded in the project's history). */
export const changedFields = <T extends Record<string, unknown>>(before: T, after: T): Partial<T> => {
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  return changes;
};
