import type { Projection } from '../../application/projections/projection';
import { guardedUpsert } from '../../application/projections/guarded-writes';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { ReadStore } from '../../application/ports/read-store';
import type { CompanyEvent } from '../../domain/companies/company';

export const COMPANIES = 'companies';

export interface CompanyDoc {
  _id: string;
  [key: string]: unknown;
  name: string;
  rut: string;
  kind: 'employer' | 'real_estate';
  description: string;
  contactEmail: string;
  contactPhone: string;
  registeredAt: string;
}

/** Partner employers and real-estate companies: the back office's companies list and every company picker. */
export const companiesProjection: Projection = {
  name: 'companies',
  collections: [COMPANIES],
  categories: ['company'],
  eventTypes: ['CompanyRegistered', 'CompanyProfileUpdated'],
  indexes: [{ collection: COMPANIES, keys: { kind: 1, name: 1 } }],
  async apply(recorded: RecordedEvent, store: ReadStore) {
    const event = { type: recorded.type, data: recorded.data } as CompanyEvent;
    const docs = store.collection<CompanyDoc>(COMPANIES);
    if (event.type === 'CompanyProfileUpdated') {
      await guardedUpsert(docs, event.data.companyId, recorded, { $set: { ...event.data.changes, revision: recorded.revision } });
      return;
    }
    const { companyId, ...fields } = event.data;
    await guardedUpsert(docs, companyId, recorded, { $set: { ...fields, revision: recorded.revision } });
  },
};

/** Companies by name, optionally of one kind or one id (a company user sees only its own). */
export const listCompanies = async (store: ReadStore, q: { kind?: CompanyDoc['kind']; companyId?: string }) => {
  const filter: Record<string, unknown> = {};
  if (q.kind) filter.kind = q.kind;
  if (q.companyId) filter._id = q.companyId;
  const docs = await store.collection<CompanyDoc>(COMPANIES).find(filter, { sort: { name: 1, _id: 1 } });
  return { items: docs.map(({ _id, name, rut, kind, description, contactEmail, contactPhone, registeredAt }) => ({ id: _id, name, rut, kind, description, contactEmail, contactPhone, registeredAt })) };
};

/** One company with its stream revision (the ETag of a profile edit). */
export const getCompany = async (store: ReadStore, companyId: string) => {
  const doc = await store.collection<CompanyDoc>(COMPANIES).findOne({ _id: companyId });
  if (!doc) return null;
  const { _id, name, rut, kind, description, contactEmail, contactPhone, registeredAt, revision } = doc;
  return { id: _id, name, rut, kind, description, contactEmail, contactPhone, registeredAt, revision: typeof revision === 'number' ? revision : 0 };
};
