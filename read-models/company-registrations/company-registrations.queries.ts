import type { Document, ReadStore } from '../../kernel/ports/read-store';
import { COMPANY_REGISTRATIONS } from './company-registrations.projection';

export { scrubErasedRegistration } from './company-registrations.projection';

/** Registrations never approved nor rejected, started before `before` and not erased yet, oldest first. */
export const abandonedRegistrations = async (store: ReadStore, before: string): Promise<Document[]> =>
  store
    .collection(COMPANY_REGISTRATIONS)
    .find({ status: { $in: ['draft', 'submitted'] }, startedAt: { $lt: before }, erasedAt: null }, { sort: { startedAt: 1, _id: 1 }, limit: 500 });
