import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { dueDateFor, evolveDataRequest, initialDataRequestState, type DataRequestEvent, type DataRequestKind, type DataRequestState } from './data-request';

export type DataRequestCommand =
  | { type: 'SubmitDataRequest'; requestId: string; subjectId: string; kind: DataRequestKind; details: string }
  /** `method`: how the officer (or the signed-in session itself) established that the requester is the subject. */
  | { type: 'VerifyRequesterIdentity'; method: string }
  | { type: 'CompleteDataRequest'; outcome: string; evidence: string }
  | { type: 'RejectDataRequest'; reason: string }
  /** The scheduled check: remind these officers once that the request is due soon. */
  | { type: 'RemindDueSoon'; officerIds: string[] };

type Open = Extract<DataRequestState, { requestId: string }>;

const open = (state: DataRequestState): Open => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'data request');
  // A closed request stays closed: a new answer needs a new request, so the trail never rewrites itself.
  if (state.status === 'completed' || state.status === 'rejected') throw new DomainError('DATA_REQUEST_CLOSED', `data request ${state.status}`);
  return state;
};

const decide = (command: DataRequestCommand, state: DataRequestState, meta: CommandMetadata): DataRequestEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'SubmitDataRequest': {
      if (state.status !== 'none') throw new DomainError('DATA_REQUEST_CLOSED', 'data request already submitted');
      const { requestId, subjectId, kind, details } = command;
      return [
        {
          type: 'DataRequestSubmitted',
          data: { requestId, subjectId, kind, details, submittedBy: meta.actorId, submittedAt: at, dueAt: dueDateFor(meta.now) },
        },
      ];
    }
    case 'VerifyRequesterIdentity': {
      const current = open(state);
      if (current.status === 'verified') return [];
      return [
        {
          type: 'DataRequestIdentityVerified',
          data: { requestId: current.requestId, subjectId: current.subjectId, method: command.method, verifiedBy: meta.actorId, verifiedAt: at },
        },
      ];
    }
    case 'CompleteDataRequest': {
      const current = open(state);
      // Answering (above all erasing) for someone whose identity nobody checked would hand data to a stranger.
      if (current.status !== 'verified') throw new DomainError('IDENTITY_NOT_VERIFIED', 'identity not verified');
      return [
        {
          type: 'DataRequestCompleted',
          data: {
            requestId: current.requestId,
            subjectId: current.subjectId,
            outcome: command.outcome,
            evidence: command.evidence,
            completedBy: meta.actorId,
            completedAt: at,
          },
        },
      ];
    }
    case 'RejectDataRequest': {
      const current = open(state);
      return [
        {
          type: 'DataRequestRejected',
          data: { requestId: current.requestId, subjectId: current.subjectId, reason: command.reason, rejectedBy: meta.actorId, rejectedAt: at },
        },
      ];
    }
    case 'RemindDueSoon': {
      // A closed or already reminded request needs no reminder; nor does one with nobody to remind.
      if (state.status !== 'submitted' && state.status !== 'verified') return [];
      if (state.reminded || command.officerIds.length === 0) return [];
      return [
        {
          type: 'DataRequestDueSoon',
          data: { requestId: state.requestId, subjectId: state.subjectId, dueAt: state.dueAt, officerIds: [...command.officerIds].sort(), remindedAt: at },
        },
      ];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const dataRequestDecider: Decider<DataRequestCommand, DataRequestState, DataRequestEvent> = {
  initialState: initialDataRequestState,
  evolve: evolveDataRequest,
  decide,
};
