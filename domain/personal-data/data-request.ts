import type { DomainEvent } from '../shared/event';

/**
 * A person's request under Ley 21.719 (stream `datarequest-<id>`): access, rectification, erasure,
 * opposition, portability or blocking of their personal data. The officer must answer within 30 calendar
 * days (`dueAt`), after verifying who asks; every step names its actor, instant and reason, so the
 * stream is the request's audit trail.
 */
export const DATA_REQUEST_KINDS = ['access', 'rectification', 'erasure', 'opposition', 'portability', 'blocking'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_STATUSES = ['submitted', 'verified', 'completed', 'rejected'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** Ley 21.719: the controller answers within thirty calendar days of the request. */
const ANSWER_WITHIN_DAYS = 30;

export const dueDateFor = (submittedAt: Date): string => new Date(submittedAt.getTime() + ANSWER_WITHIN_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** The subject (pseudonymous user id) travels on every event: the request's personal fields are encrypted under it. */
type Of = { requestId: string; subjectId: string };

export type DataRequestEvent =
  | DomainEvent<'DataRequestSubmitted', Of & { kind: DataRequestKind; details: string; submittedBy: string; submittedAt: string; dueAt: string }>
  | DomainEvent<'DataRequestIdentityVerified', Of & { method: string; verifiedBy: string; verifiedAt: string }>
  | DomainEvent<'DataRequestCompleted', Of & { outcome: string; evidence: string; completedBy: string; completedAt: string }>
  | DomainEvent<'DataRequestRejected', Of & { reason: string; rejectedBy: string; rejectedAt: string }>
  /** A scheduled check found the request open close to its due date and reminded the officers named. */
  | DomainEvent<'DataRequestDueSoon', Of & { dueAt: string; officerIds: string[]; remindedAt: string }>;

/** Officers are reminded of an open request this many days before it is due. */
export const REMIND_DAYS_BEFORE_DUE = 5;

export type DataRequestState =
  { status: 'none' } | { status: DataRequestStatus; requestId: string; subjectId: string; kind: DataRequestKind; dueAt: string; reminded?: boolean };

export const initialDataRequestState = (): DataRequestState => ({ status: 'none' });

export const evolveDataRequest = (state: DataRequestState, event: DataRequestEvent): DataRequestState => {
  if (event.type === 'DataRequestSubmitted') {
    const { requestId, subjectId, kind, dueAt } = event.data;
    return { status: 'submitted', requestId, subjectId, kind, dueAt };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'DataRequestIdentityVerified':
      return { ...state, status: 'verified' };
    case 'DataRequestCompleted':
      return { ...state, status: 'completed' };
    case 'DataRequestRejected':
      return { ...state, status: 'rejected' };
    case 'DataRequestDueSoon':
      return { ...state, reminded: true };
  }
};

export const dataRequestStream = (requestId: string): string => `datarequest-${requestId}`;
