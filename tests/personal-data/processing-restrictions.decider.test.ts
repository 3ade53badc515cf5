import { initialRestrictions, mayBeProfiled, type ProcessingRestrictionEvent } from '../../domain/personal-data/processing-restrictions';
import { processingRestrictionsDecider } from '../../domain/personal-data/processing-restrictions.decide';
import { DeciderSpecification, testMeta } from '../support/decider-spec';

const spec = DeciderSpecification(processingRestrictionsDecider);
const meta = testMeta({ actorId: 'officer-1' });
const opposed: ProcessingRestrictionEvent = {
  type: 'MarketingOpposed',
  data: { userId: 'user-1', requestId: 'req-1', reason: 'No quiere ofertas', recordedBy: 'officer-1', recordedAt: '2026-11-22T12:00:00.000Z' },
};

describe('processing restrictions (oposición, bloqueo)', () => {
  it('records an opposition to marketing with the request, reason, actor and instant', () =>
    spec.given([]).when({ type: 'OpposeMarketing', userId: 'user-1', requestId: 'req-1', reason: 'No quiere ofertas' }, meta).then([opposed]));

  it('records a block of processing, independent of an opposition', () =>
    spec
      .given([opposed])
      .when({ type: 'BlockProcessing', userId: 'user-1', requestId: 'req-2', reason: 'Datos en disputa' }, meta)
      .then([
        {
          type: 'ProcessingBlocked',
          data: { userId: 'user-1', requestId: 'req-2', reason: 'Datos en disputa', blockedBy: 'officer-1', blockedAt: '2026-11-22T12:00:00.000Z' },
        },
      ]));

  it('a second opposition changes nothing', () =>
    spec.given([opposed]).when({ type: 'OpposeMarketing', userId: 'user-1', requestId: 'req-3', reason: 'otra vez' }, meta).thenNothingHappens());

  it('lifts a block, naming the blocking request; a block can be set again afterwards; nothing to lift is refused', () => {
    const blocked: ProcessingRestrictionEvent = {
      type: 'ProcessingBlocked',
      data: { userId: 'user-1', requestId: 'req-2', reason: 'Datos en disputa', blockedBy: 'officer-1', blockedAt: '2026-11-22T12:00:00.000Z' },
    };
    const lifted: ProcessingRestrictionEvent = {
      type: 'ProcessingUnblocked',
      data: { userId: 'user-1', requestId: 'req-2', reason: 'Resuelto', liftedBy: 'officer-1', liftedAt: '2026-11-22T12:00:00.000Z' },
    };
    spec.given([blocked]).when({ type: 'LiftProcessingBlock', userId: 'user-1', requestId: 'req-2', reason: 'Resuelto' }, meta).then([lifted]);
    spec
      .given([blocked, lifted])
      .when({ type: 'BlockProcessing', userId: 'user-1', requestId: 'req-4', reason: 'De nuevo' }, meta)
      .then([
        {
          type: 'ProcessingBlocked',
          data: { userId: 'user-1', requestId: 'req-4', reason: 'De nuevo', blockedBy: 'officer-1', blockedAt: '2026-11-22T12:00:00.000Z' },
        },
      ]);
    spec.given([opposed]).when({ type: 'LiftProcessingBlock', userId: 'user-1', requestId: 'req-2', reason: 'x' }, meta).thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it("the person's own choices: consent to marketing email (text and privacy version kept), oppositions to marketing and profiling, each reversible, none twice", () => {
    const own = testMeta({ actorId: 'user-1' });
    const common = { userId: 'user-1', requestId: null, reason: 'Elegido por el titular' };
    const recorded = { ...common, recordedBy: 'user-1', recordedAt: '2026-11-22T12:00:00.000Z' };
    const given: ProcessingRestrictionEvent = {
      type: 'MarketingConsentGiven',
      data: { ...recorded, text: 'Acepto correos', privacyVersion: 2, source: 'sign-up' },
    };
    spec
      .given([])
      .when({ type: 'SetMarketingConsent', ...common, consent: true, text: 'Acepto correos', privacyVersion: 2, source: 'sign-up' }, own)
      .then([given]);
    spec
      .given([given])
      .when({ type: 'SetMarketingConsent', ...common, consent: true, text: 'Acepto correos', privacyVersion: 2, source: 'self-service' }, own)
      .thenNothingHappens();
    spec
      .given([given])
      .when({ type: 'SetMarketingConsent', ...common, consent: false, text: 'x', privacyVersion: 2, source: 'self-service' }, own)
      .then([{ type: 'MarketingConsentWithdrawn', data: recorded }]);
    spec
      .given([])
      .when({ type: 'SetMarketingConsent', ...common, consent: false, text: 'x', privacyVersion: 2, source: 'self-service' }, own)
      .thenNothingHappens();
    spec
      .given([])
      .when({ type: 'SetProfilingOpposition', ...common, opposed: true }, own)
      .then([{ type: 'ProfilingOpposed', data: recorded }]);
    spec
      .given([{ type: 'ProfilingOpposed', data: recorded }])
      .when({ type: 'SetProfilingOpposition', ...common, opposed: false }, own)
      .then([{ type: 'ProfilingOppositionWithdrawn', data: recorded }]);
    spec
      .given([])
      .when({ type: 'SetProfilingOpposition', ...common, opposed: false }, own)
      .thenNothingHappens();
    spec
      .given([])
      .when({ type: 'SetMarketingOpposition', ...common, opposed: true }, own)
      .then([{ type: 'MarketingOpposed', data: recorded }]);
    spec
      .given([{ type: 'MarketingOpposed', data: recorded }])
      .when({ type: 'SetMarketingOpposition', ...common, opposed: false }, own)
      .then([{ type: 'MarketingOppositionWithdrawn', data: recorded }]);
  });

  it('profiling stops on its opposition or a block', () => {
    const base = initialRestrictions();
    expect(mayBeProfiled(base)).toBe(true);
    expect(mayBeProfiled({ ...base, profilingOpposed: true })).toBe(false);
    expect(mayBeProfiled({ ...base, processingBlocked: true })).toBe(false);
  });
});
