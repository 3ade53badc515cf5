import { unitFields, type BackofficeUnitRow, type UnitFields } from '../../../../../contract/catalog-admin';
import { parseDecimal } from '../../../shared/format/format';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';

/** Every field of a unit as its form holds it: text as typed (numbers too), the two estimated rents apart. */
export type UnitDraft = Record<Exclude<keyof UnitFields, 'estimatedRents'>, string> & { rent1: string; rent2: string };

const TEXT_FIELDS = ['unitNumber', 'typology', 'model', 'orientation'] as const;
/** Prices the unit may lack (no discount, no foot voucher): an empty box is "none". */
const OPTIONAL_PRICES = ['discountPrice', 'footVoucherPrice'] as const;

const NUMBER_FIELDS = (Object.keys(unitFields.shape) as (keyof UnitFields)[]).filter(
  (k): k is Exclude<keyof UnitFields, 'estimatedRents' | (typeof TEXT_FIELDS)[number]> =>
    k !== 'estimatedRents' && !(TEXT_FIELDS as readonly string[]).includes(k),
);

const text = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

export const emptyUnitDraft = (): UnitDraft => {
  const draft = { unitNumber: '', typology: '', model: '', orientation: '', rent1: '', rent2: '' } as UnitDraft;
  for (const k of NUMBER_FIELDS) draft[k] = (OPTIONAL_PRICES as readonly string[]).includes(k) ? '' : '0';
  // A price of zero is never meant: the list price starts empty, so it is asked for.
  draft.regularPrice = '';
  return draft;
};

export const draftFromUnit = (u: BackofficeUnitRow): UnitDraft => {
  const draft = {
    unitNumber: u.unitNumber,
    typology: u.typology,
    model: u.model,
    orientation: u.orientation,
    rent1: text(u.estimatedRents[0] ?? null),
    rent2: text(u.estimatedRents[1] ?? null),
  } as UnitDraft;
  for (const k of NUMBER_FIELDS) draft[k] = text(u[k]);
  return draft;
};

const num = (value: string) => parseDecimal(value) ?? Number.NaN;

const toBody = (d: UnitDraft): Record<string, unknown> => {
  const body: Record<string, unknown> = { unitNumber: d.unitNumber, typology: d.typology, model: d.model.trim(), orientation: d.orientation.trim() };
  for (const k of NUMBER_FIELDS) body[k] = (OPTIONAL_PRICES as readonly string[]).includes(k) && d[k].trim() === '' ? null : num(d[k]);
  body.estimatedRents = [d.rent1, d.rent2].filter((r) => r.trim() !== '').map(num);
  return body;
};

/** The contract's schema decides, as the server will; a rent's error shows at its box. */
export const checkUnitDraft = (draft: UnitDraft): { ok: true; fields: UnitFields } | { ok: false; errors: Record<string, string> } => {
  const parsed = unitFields.safeParse(toBody(draft));
  if (parsed.success) return { ok: true, fields: parsed.data };
  return { ok: false, errors: unitDraftErrors(zodFieldMessages(parsed.error)) };
};

/** Server or schema paths ("estimatedRents.1") as the draft's fields. */
export const unitDraftErrors = (errors: Readonly<Record<string, string>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head, index] = path.split('.');
    out[head === 'estimatedRents' ? (index === '1' ? 'rent2' : 'rent1') : head] ??= message;
  }
  return out;
};

/** The quick edit of the units table: the prices and nothing else, checked by the same schema. */
export const checkPriceEdit = (
  regular: string,
  discount: string,
): { ok: true; fields: Pick<UnitFields, 'regularPrice' | 'discountPrice'> } | { ok: false; errors: Record<string, string> } => {
  const parsed = unitFields
    .pick({ regularPrice: true, discountPrice: true })
    .safeParse({ regularPrice: num(regular), discountPrice: discount.trim() === '' ? null : num(discount) });
  return parsed.success ? { ok: true, fields: parsed.data } : { ok: false, errors: zodFieldMessages(parsed.error) };
};
