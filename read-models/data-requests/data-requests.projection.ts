import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import { formatDate } from '../../domain/shared/es-cl-format';
import type { DataRequestEvent, DataRequestKind, DataRequestStatus } from '../../domain/personal-data/data-request';

export const DATA_REQUESTS = 'data_requests';

/** One step of the request's trail: who did what, when and why. */
export interface DataRequestStep {
  step: 'submitted' | 'identity_verified' | 'completed' | 'rejected' | 'reminded';
  actorId: string;
  at: string;
  why: string;
}

export interface DataRequestDoc {
  _id: string;
  [key: string]: unknown;
  subjectId: string;
  kind: DataRequestKind;
  status: DataRequestStatus;
  details: string;
  submittedAt: string;
  dueAt: string;
  outcome: string | null;
  evidence: string | null;
  rejectionReason: string | null;
  closedAt: string | null;
  /** When the officers were reminded that the due date is near (null: not yet). */
  remindedAt?: string | null;
  history: DataRequestStep[];
}

const step = (s: DataRequestStep) => ({ $push: { history: s } });

/** The data-protection officer's queue and each person's own requests: one document per request. */
export const dataRequestsProjection: Projection<DataRequestEvent> = {
  name: 'data-requests',
  collections: [DATA_REQUESTS],
  categories: ['datarequest'],
  eventTypes: ['DataRequestSubmitted', 'DataRequestIdentityVerified', 'DataRequestCompleted', 'DataRequestRejected', 'DataRequestDueSoon'],
  indexes: [
    { collection: DATA_REQUESTS, keys: { status: 1, dueAt: 1 } },
    { collection: DATA_REQUESTS, keys: { subjectId: 1, submittedAt: -1 } },
  ],
  async apply(recorded, store) {
    const docs = store.collection<DataRequestDoc>(DATA_REQUESTS);
    const event: DataRequestEvent = recorded;
    const d = event.data;
    switch (event.type) {
      case 'DataRequestSubmitted': {
        const { kind, details, submittedAt, dueAt, submittedBy } = event.data;
        await guardedUpsert(docs, d.requestId, recorded, {
          $set: {
            subjectId: d.subjectId,
            kind,
            status: 'submitted',
            details,
            submittedAt,
            dueAt,
            outcome: null,
            evidence: null,
            rejectionReason: null,
            closedAt: null,
            remindedAt: null,
          },
          // The person's own words stay in `details` (scrubbed on erasure), not in the trail.
          ...step({ step: 'submitted', actorId: submittedBy, at: submittedAt, why: 'Solicitud del titular' }),
        });
        return;
      }
      case 'DataRequestIdentityVerified':
        await guardedUpsert(docs, d.requestId, recorded, {
          $set: { status: 'verified' },
          ...step({ step: 'identity_verified', actorId: event.data.verifiedBy, at: event.data.verifiedAt, why: event.data.method }),
        });
        return;
      case 'DataRequestCompleted':
        await guardedUpsert(docs, d.requestId, recorded, {
          $set: { status: 'completed', outcome: event.data.outcome, evidence: event.data.evidence, closedAt: event.data.completedAt },
          ...step({ step: 'completed', actorId: event.data.completedBy, at: event.data.completedAt, why: event.data.outcome }),
        });
        return;
      case 'DataRequestDueSoon':
        await guardedUpsert(docs, d.requestId, recorded, {
          $set: { remindedAt: event.data.remindedAt },
          ...step({
            step: 'reminded',
            actorId: 'system:data-request-reminders',
            at: event.data.remindedAt,
            why: `Aviso a ${event.data.officerIds.length} encargado(s): vence el ${formatDate(event.data.dueAt)}`,
          }),
        });
        return;
      case 'DataRequestRejected':
        await guardedUpsert(docs, d.requestId, recorded, {
          $set: { status: 'rejected', rejectionReason: event.data.reason, closedAt: event.data.rejectedAt },
          ...step({ step: 'rejected', actorId: event.data.rejectedBy, at: event.data.rejectedAt, why: event.data.reason }),
        });
        return;
    }
  },
};
