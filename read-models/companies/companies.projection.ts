import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { CompanyEvent } from '../../domain/companies/company';

export const COMPANIES = 'companies';

/** The company as registered and last updated (stream revision kept for If-Match), keyed by its id. */
export interface CompanyDoc extends Omit<Extract<CompanyEvent, { type: 'CompanyRegistered' }>['data'], 'companyId'> {
  _id: string;
  [key: string]: unknown;
}

/** Partner employers and real-estate companies: the back office's companies list and every company picker. */
export const companiesProjection: Projection<CompanyEvent> = {
  name: 'companies',
  collections: [COMPANIES],
  categories: ['company'],
  eventTypes: ['CompanyRegistered', 'CompanyProfileUpdated'],
  indexes: [{ collection: COMPANIES, keys: { kind: 1, name: 1 } }],
  async apply(recorded, store) {
    const event: CompanyEvent = recorded;
    const docs = store.collection<CompanyDoc>(COMPANIES);
    if (event.type === 'CompanyProfileUpdated') {
      await guardedUpsert(docs, event.data.companyId, recorded, { $set: { ...event.data.changes, revision: recorded.revision } });
      return;
    }
    const { companyId, ...fields } = event.data;
    await guardedUpsert(docs, companyId, recorded, { $set: { ...fields, revision: recorded.revision } });
  },
};
