import type { Filter, ReadStore, SortSpec } from '../../kernel/ports/read-store';
import { isShredded } from '../../kernel/personal-data/pii-codec';
import { dateRange, escapeRegex } from '../payments-ledger/payments-ledger.queries';
import { USERS, type UserDoc } from '../users/user-doc';
import type { BuyerScope } from '../reservations/backoffice-reservations.queries';
import { QUOTES, type QuoteDoc } from './quotes.projection';

export interface BackofficeQuotesQuery {
  status?: 'valid' | 'expired';
  project?: string;
  buyer?: string;
  from?: string;
  to?: string;
  sort: 'createdAt' | '-createdAt' | 'priceUF' | '-priceUF';
  page: number;
  perPage: number;
}

const fullName = (u: UserDoc | undefined): string | null =>
  u ? (isShredded(u.name) ? u.name : [u.name, u.firstLastName, u.secondLastName].filter((p) => p && !isShredded(p)).join(' ')) : null;

/** The back office's quotes (Comercial > Cotizaciones): every buyer's, the buyer's name from the users read model. */
export const listBackofficeQuotes = async (store: ReadStore, q: BackofficeQuotesQuery, now: Date, scope: BuyerScope = {}) => {
  const and: Filter[] = [{ number: { $exists: true } }];
  // A partner employer's portal: its collaborators' quotes only; a real-estate company's: its projects' only.
  if (scope.buyerIds) and.push({ userId: { $in: [...scope.buyerIds] } });
  if (scope.projectIds) and.push({ 'project.projectId': { $in: [...scope.projectIds] } });
  const nowIso = now.toISOString();
  if (q.status === 'valid') and.push({ validUntil: { $gte: nowIso } });
  if (q.status === 'expired') and.push({ validUntil: { $lt: nowIso } });
  if (q.project) and.push({ $or: [{ 'project.projectId': q.project }, { 'project.name': { $regex: escapeRegex(q.project), $options: 'i' } }] });
  if (q.buyer) {
    const pattern = { $regex: escapeRegex(q.buyer), $options: 'i' };
    const users = await store
      .collection<UserDoc>(USERS)
      .find({ $or: [{ _id: q.buyer }, { name: pattern }, { firstLastName: pattern }, { email: pattern }] }, { projection: { _id: 1 } });
    and.push({ userId: { $in: users.map((u) => u._id) } });
  }
  const created = dateRange(q.from, q.to);
  if (created) and.push({ createdAt: created });
  const filter = { $and: and };
  const key = q.sort.replace('-', '');
  const sort: SortSpec = { [key]: q.sort.startsWith('-') ? -1 : 1, _id: 1 };
  const docs = store.collection<QuoteDoc>(QUOTES);
  const [items, total] = await Promise.all([docs.find(filter, { sort, skip: (q.page - 1) * q.perPage, limit: q.perPage }), docs.countDocuments(filter)]);
  const buyers = new Map((await store.collection<UserDoc>(USERS).find({ _id: { $in: [...new Set(items.map((d) => d.userId))] } })).map((u) => [u._id, u]));
  return {
    items: items.map((d) => {
      const project = d.project as { projectId: string; name: string };
      const unit = d.unit as { unitNumber: string };
      return {
        id: d._id,
        number: d.number,
        projectId: project.projectId,
        projectName: project.name,
        unitNumber: unit.unitNumber,
        buyerId: d.userId,
        buyerName: fullName(buyers.get(d.userId)),
        priceUF: Number(d.priceUF),
        priceCLP: Number(d.priceCLP),
        createdAt: d.createdAt,
        validUntil: d.validUntil,
        status: d.validUntil < nowIso ? ('expired' as const) : ('valid' as const),
        downloads: typeof d.downloads === 'number' ? d.downloads : 0,
        /** The employer's contribution the quote counted on (UF). */
        companyContributionUF: Number((d.downPayment as { companyContributionUF?: number } | undefined)?.companyContributionUF ?? 0),
      };
    }),
    total,
    page: q.page,
    perPage: q.perPage,
  };
};
