import type { ReadStore } from '../../kernel/ports/read-store';
import { COMPANIES, type CompanyDoc } from './companies.projection';

/** Companies by name, optionally of one kind or one id (a company user sees only its own). */
export const listCompanies = async (store: ReadStore, q: { kind?: CompanyDoc['kind']; companyId?: string }) => {
  const filter: Record<string, unknown> = {};
  if (q.kind) filter.kind = q.kind;
  if (q.companyId) filter._id = q.companyId;
  const docs = await store.collection<CompanyDoc>(COMPANIES).find(filter, { sort: { name: 1, _id: 1 } });
  return {
    items: docs.map(({ _id, name, rut, kind, description, contactEmail, contactPhone, registeredAt }) => ({
      id: _id,
      name,
      rut,
      kind,
      description,
      contactEmail,
      contactPhone,
      registeredAt,
    })),
  };
};

/** One company with its stream revision (the ETag of a profile edit). */
export const getCompany = async (store: ReadStore, companyId: string) => {
  const doc = await store.collection<CompanyDoc>(COMPANIES).findOne({ _id: companyId });
  if (!doc) return null;
  const { _id, name, rut, kind, description, contactEmail, contactPhone, registeredAt, revision } = doc;
  return { id: _id, name, rut, kind, description, contactEmail, contactPhone, registeredAt, revision: typeof revision === 'number' ? revision : 0 };
};
