import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { CompanyRegistrationEvent } from '../../domain/companies/company-registration';
import { PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED } from '../../kernel/personal-data/personal-data-erased';
import { SHREDDED_TEXT } from '../../kernel/personal-data/pii-codec';
import type { PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';

export const COMPANY_REGISTRATIONS = 'company-registrations';

/** An erased registration (retention) keeps its company data and status; its people read "titular suprimido", its documents are gone. */
export const scrubErasedRegistration = async (store: ReadStore, registrationId: string, erasedAt: string): Promise<void> => {
  const docs = store.collection(COMPANY_REGISTRATIONS);
  if (!(await docs.findOne({ _id: registrationId }))) return;
  await docs.updateOne({ _id: registrationId }, { $set: { contactEmail: SHREDDED_TEXT, representativeName: SHREDDED_TEXT, documents: [], erasedAt } });
};

/** The back office's review queue of company registrations, newest submission first. */
export const companyRegistrationsProjection: Projection<CompanyRegistrationEvent | PersonalDataErased> = {
  name: 'company-registrations',
  collections: [COMPANY_REGISTRATIONS],
  categories: ['company', PERSONAL_DATA_CATEGORY],
  eventTypes: [
    'CompanyRegistrationStarted',
    'CompanyRegistrationDocumentAdded',
    'CompanyRegistrationSubmitted',
    'CompanyRegistrationApproved',
    'CompanyRegistrationRejected',
    PERSONAL_DATA_ERASED,
  ],
  indexes: [{ collection: COMPANY_REGISTRATIONS, keys: { status: 1, submittedAt: -1 } }],
  async apply(recorded, store) {
    if (recorded.type === PERSONAL_DATA_ERASED) return scrubErasedRegistration(store, recorded.data.subjectId, recorded.data.erasedAt);
    const event: CompanyRegistrationEvent = recorded;
    const docs = store.collection(COMPANY_REGISTRATIONS);
    const id = event.data.registrationId;
    switch (event.type) {
      case 'CompanyRegistrationStarted': {
        const d = event.data;
        await guardedUpsert(docs, id, recorded, {
          $set: {
            status: 'draft',
            companyName: d.company.name,
            companyRut: d.company.rut,
            businessType: d.company.businessType,
            contactEmail: d.contact.email,
            representativeName: [d.legalRepresentative.name, d.legalRepresentative.firstLastName].join(' '),
            regionName: d.regionName,
            communeName: d.communeName,
            startedAt: d.startedAt,
            erasedAt: null,
            submittedAt: null,
            decidedAt: null,
            reason: null,
            companyId: null,
          },
          $setOnInsert: { documents: [] },
        });
        return;
      }
      case 'CompanyRegistrationDocumentAdded': {
        const { documentId, kind, name, contentType, size, addedAt } = event.data;
        await guardedUpsert(docs, id, recorded, { $push: { documents: { documentId, kind, name, contentType, size, addedAt } } });
        return;
      }
      case 'CompanyRegistrationSubmitted':
        await guardedUpsert(docs, id, recorded, { $set: { status: 'submitted', submittedAt: event.data.submittedAt } });
        return;
      case 'CompanyRegistrationApproved':
        await guardedUpsert(docs, id, recorded, { $set: { status: 'approved', decidedAt: event.data.approvedAt, companyId: event.data.companyId } });
        return;
      case 'CompanyRegistrationRejected':
        await guardedUpsert(docs, id, recorded, { $set: { status: 'rejected', decidedAt: event.data.rejectedAt, reason: event.data.reason } });
        return;
    }
  },
};

export const listRegistrations = async (store: ReadStore, q: { status?: string }) => {
  const docs = await store
    .collection(COMPANY_REGISTRATIONS)
    .find(q.status ? { status: q.status } : { status: { $ne: 'draft' } }, { sort: { submittedAt: -1, _id: 1 } });
  return { items: docs.map(({ _id, _v: _versions, ...rest }) => ({ id: _id, ...rest })) };
};
