import type { DataRequestEvent } from '../../domain/personal-data/data-request';
import { dataRequestDecider } from '../../domain/personal-data/data-request.decide';
import { DeciderSpecification, testMeta } from '../support/decider-spec';

const spec = DeciderSpecification(dataRequestDecider);
const meta = testMeta({ actorId: 'officer-1', now: new Date('2026-11-22T12:00:00.000Z') });
const ids = { requestId: 'req-1', subjectId: 'user-1' };

const submitted: DataRequestEvent = {
  type: 'DataRequestSubmitted',
  data: {
    ...ids,
    kind: 'erasure',
    details: 'Borren mis datos',
    submittedBy: 'user-1',
    submittedAt: '2026-11-01T10:00:00.000Z',
    dueAt: '2026-12-01T10:00:00.000Z',
  },
};
const verified: DataRequestEvent = {
  type: 'DataRequestIdentityVerified',
  data: { ...ids, method: 'Sesión autenticada', verifiedBy: 'user-1', verifiedAt: '2026-11-01T10:00:00.000Z' },
};
const completed: DataRequestEvent = {
  type: 'DataRequestCompleted',
  data: { ...ids, outcome: 'Suprimido', evidence: '', completedBy: 'officer-1', completedAt: '2026-11-22T12:00:00.000Z' },
};
const rejected: DataRequestEvent = {
  type: 'DataRequestRejected',
  data: { ...ids, reason: 'Identidad no acreditada', rejectedBy: 'officer-1', rejectedAt: '2026-11-22T12:00:00.000Z' },
};

describe('data request (Ley 21.719)', () => {
  it('is submitted by the person, due 30 calendar days later', () =>
    spec
      .given([])
      .when(
        { type: 'SubmitDataRequest', ...ids, kind: 'access', details: 'Quiero saber qué datos tienen' },
        testMeta({ actorId: 'user-1', now: new Date('2026-02-10T09:30:00.000Z') }),
      )
      .then([
        {
          type: 'DataRequestSubmitted',
          data: {
            ...ids,
            kind: 'access',
            details: 'Quiero saber qué datos tienen',
            submittedBy: 'user-1',
            submittedAt: '2026-02-10T09:30:00.000Z',
            dueAt: '2026-03-12T09:30:00.000Z',
          },
        },
      ]));

  it('is submitted once', () =>
    spec
      .given([submitted])
      .when({ type: 'SubmitDataRequest', ...ids, kind: 'access', details: '' })
      .thenThrows('DATA_REQUEST_CLOSED'));

  it('records who verified the identity, how and when; verifying again changes nothing', () => {
    spec
      .given([submitted])
      .when({ type: 'VerifyRequesterIdentity', method: 'Cédula presentada en oficina' }, meta)
      .then([
        {
          type: 'DataRequestIdentityVerified',
          data: { ...ids, method: 'Cédula presentada en oficina', verifiedBy: 'officer-1', verifiedAt: '2026-11-22T12:00:00.000Z' },
        },
      ]);
    spec.given([submitted, verified]).when({ type: 'VerifyRequesterIdentity', method: 'otra vez' }, meta).thenNothingHappens();
  });

  it('is completed with outcome, evidence, actor and instant once the identity is verified', () =>
    spec.given([submitted, verified]).when({ type: 'CompleteDataRequest', outcome: 'Suprimido', evidence: '' }, meta).then([completed]));

  it('is not completed before the identity is verified', () =>
    spec.given([submitted]).when({ type: 'CompleteDataRequest', outcome: 'Suprimido', evidence: '' }, meta).thenThrows('IDENTITY_NOT_VERIFIED'));

  it('is rejected with a reason, verified or not', () => {
    spec.given([submitted]).when({ type: 'RejectDataRequest', reason: 'Identidad no acreditada' }, meta).then([rejected]);
    spec.given([submitted, verified]).when({ type: 'RejectDataRequest', reason: 'Identidad no acreditada' }, meta).then([rejected]);
  });

  it.each([
    ['completed', [submitted, verified, completed]],
    ['rejected', [submitted, rejected]],
  ] as const)('once %s, admits no further step', (_status, history) => {
    spec
      .given([...history])
      .when({ type: 'CompleteDataRequest', outcome: 'x', evidence: '' }, meta)
      .thenThrows('DATA_REQUEST_CLOSED');
    spec
      .given([...history])
      .when({ type: 'RejectDataRequest', reason: 'x' }, meta)
      .thenThrows('DATA_REQUEST_CLOSED');
    spec
      .given([...history])
      .when({ type: 'VerifyRequesterIdentity', method: 'x' }, meta)
      .thenThrows('DATA_REQUEST_CLOSED');
  });

  it('does not exist before it is submitted', () => spec.given([]).when({ type: 'RejectDataRequest', reason: 'x' }, meta).thenThrows('NOT_FOUND'));

  it('reminds the officers once when asked near the due date; a closed request or nobody to remind records nothing', () => {
    const system = testMeta({ actorId: 'system:data-request-reminders', now: new Date('2026-11-27T12:00:00.000Z') });
    const due: DataRequestEvent = {
      type: 'DataRequestDueSoon',
      data: { ...ids, dueAt: '2026-12-01T10:00:00.000Z', officerIds: ['o-1', 'o-2'], remindedAt: '2026-11-27T12:00:00.000Z' },
    };
    spec
      .given([submitted, verified])
      .when({ type: 'RemindDueSoon', officerIds: ['o-2', 'o-1'] }, system)
      .then([due]);
    spec
      .given([submitted, verified, due])
      .when({ type: 'RemindDueSoon', officerIds: ['o-1'] }, system)
      .thenNothingHappens();
    spec
      .given([submitted, verified, completed])
      .when({ type: 'RemindDueSoon', officerIds: ['o-1'] }, system)
      .thenNothingHappens();
    spec.given([submitted]).when({ type: 'RemindDueSoon', officerIds: [] }, system).thenNothingHappens();
    spec
      .given([])
      .when({ type: 'RemindDueSoon', officerIds: ['o-1'] }, system)
      .thenNothingHappens();
  });
});
