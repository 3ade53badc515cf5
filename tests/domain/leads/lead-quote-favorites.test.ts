import { favoritesDecider } from '../../../domain/catalog/favorites';
import { leadScore, type LeadEvent } from '../../../domain/leads/lead';
import { leadDecider } from '../../../domain/leads/lead.decide';
import { quoteDecider, type QuoteInputs } from '../../../domain/quotes/quote';
import { DeciderSpecification, testMeta } from '../../support/decider-spec';
import { activity, AT, contact } from './fixtures';

describe('Lead decider', () => {
  const spec = DeciderSpecification(leadDecider);
  const captured: LeadEvent = { type: 'LeadCaptured', data: { leadId: 'l1', ...contact, source: 'contact_request', capturedAt: AT } };
  const contacted: LeadEvent = { type: 'LeadActivityRecorded', data: { leadId: 'l1', ...activity('contact_request', 'c1'), contact: {}, recordedAt: AT } };

  it('a first contact request creates the lead (unfinished), with its score', () => {
    spec
      .given([])
      .when({ type: 'RecordLeadActivity', leadId: 'l1', contact, activity: activity('contact_request', 'c1') })
      .then([captured, contacted, { type: 'LeadScored', data: { leadId: 'l1', score: 20, scoredAt: AT } }]);
  });

  it('the same activity twice counts once; a downloaded quote marks the lead downloaded', () => {
    spec
      .given([captured, contacted])
      .when({ type: 'RecordLeadActivity', leadId: 'l1', contact, activity: activity('contact_request', 'c1') })
      .thenNothingHappens();
    const events = leadDecider.decide(
      { type: 'RecordLeadActivity', leadId: 'l1', contact: { ...contact, monthlyIncome: 2_500_000 }, activity: activity('quote_downloaded', 'q1') },
      [captured, contacted].reduce(leadDecider.evolve, leadDecider.initialState()),
      testMeta(),
    );
    expect(events.map((e) => e.type)).toEqual(['LeadActivityRecorded', 'LeadStatusChanged', 'LeadScored']);
    // Only what changed: the email and name the lead already holds are not sealed and stored again.
    expect((events[0].data as { contact: unknown }).contact).toEqual({ monthlyIncome: 2_500_000 });
    expect(events[1].data).toMatchObject({ from: 'unfinished', to: 'downloaded' });
  });

  it('an activity records the contact fields that changed: a new value overwrites, an empty one never erases, an unchanged one is not stored again', () => {
    const again = (given: Partial<typeof contact>) =>
      leadDecider.decide(
        { type: 'RecordLeadActivity', leadId: 'l1', contact: { ...contact, ...given }, activity: activity('website_visit', 'v1') },
        [captured, contacted].reduce(leadDecider.evolve, leadDecider.initialState()),
        testMeta(),
      )[0].data as { contact: unknown };
    expect(again({}).contact).toEqual({});
    expect(again({ phone: '+56987654321', company: 'Constructora Andes' }).contact).toEqual({ phone: '+56987654321', company: 'Constructora Andes' });
    expect(again({ phone: null, name: '' }).contact).toEqual({});
    // The lead keeps every field it was told, whichever activity told it.
    const state = [
      captured,
      contacted,
      {
        type: 'LeadActivityRecorded',
        data: { leadId: 'l1', ...activity('website_visit', 'v2'), contact: { phone: '+56987654321' }, recordedAt: AT },
      } as LeadEvent,
    ].reduce(leadDecider.evolve, leadDecider.initialState());
    expect(state.status !== 'none' && state.contact).toMatchObject({ name: 'Ana Pérez', email: 'ana@gmail.com', phone: '+56987654321' });
  });

  it('a person who opposed profiling gets no score: the lead says so, later activity stays unscored, withdrawing rescores', () => {
    const stopped: LeadEvent = { type: 'LeadProfilingStopped', data: { leadId: 'l1', stoppedAt: AT } };
    spec
      .given([])
      .when({ type: 'RecordLeadActivity', leadId: 'l1', contact, activity: activity('contact_request', 'c1'), profiling: false })
      .then([captured, stopped, contacted]);
    const quoted = leadDecider.decide(
      { type: 'RecordLeadActivity', leadId: 'l1', contact, activity: activity('quote_downloaded', 'q1'), profiling: false },
      [captured, stopped, contacted].reduce(leadDecider.evolve, leadDecider.initialState()),
      testMeta(),
    );
    expect(quoted.map((e) => e.type)).toEqual(['LeadActivityRecorded', 'LeadStatusChanged']);
    // A visitor not signed in (profiling unknown) keeps the lead's choice.
    spec
      .given([captured, stopped, contacted])
      .when({ type: 'RecordLeadActivity', leadId: 'l1', contact, activity: activity('website_visit', 'v1'), profiling: null })
      .then([
        {
          type: 'LeadActivityRecorded',
          data: {
            leadId: 'l1',
            ...activity('website_visit', 'v1'),
            contact: {},
            recordedAt: AT,
          },
        },
      ]);
    spec
      .given([captured, contacted, { type: 'LeadScored', data: { leadId: 'l1', score: 20, scoredAt: AT } }])
      .when({ type: 'SetLeadProfiling', profiling: false })
      .then([stopped]);
    spec.given([captured, stopped, contacted]).when({ type: 'SetLeadProfiling', profiling: false }).thenNothingHappens();
    spec
      .given([captured, stopped, contacted])
      .when({ type: 'SetLeadProfiling', profiling: true })
      .then([
        { type: 'LeadProfilingResumed', data: { leadId: 'l1', resumedAt: AT } },
        { type: 'LeadScored', data: { leadId: 'l1', score: 20, scoredAt: AT } },
      ]);
    spec.given([]).when({ type: 'SetLeadProfiling', profiling: false }).thenThrows('NOT_FOUND');
  });

  it('the back office derives, rejects and pre-approves', () => {
    spec
      .given([captured])
      .when({ type: 'ChangeLeadStatus', status: 'derivated', reason: 'Asesor asignado' }, testMeta({ actorId: 'advisor-1' }))
      .then([
        {
          type: 'LeadStatusChanged',
          data: { leadId: 'l1', from: 'unfinished', to: 'derivated', reason: 'Asesor asignado', changedBy: 'advisor-1', changedAt: AT, manual: true },
        },
      ]);
    spec.given([]).when({ type: 'ChangeLeadStatus', status: 'rejected', reason: 'x' }).thenThrows('NOT_FOUND');
    expect(
      leadDecider.decide({ type: 'PreApproveLead' }, [captured].reduce(leadDecider.evolve, leadDecider.initialState()), testMeta()).map((e) => e.type),
    ).toEqual(['LeadPreApproved', 'LeadScored']);
  });

  it('scores intent: reservations weigh most, then quotes, then contact requests', () => {
    const none = { contactRequests: 0, quotesDownloaded: 0, reservations: 0, websiteVisits: 0, chatMessages: 0 };
    expect(leadScore(none, { monthlyIncome: null, userId: null }, false)).toBe(10);
    expect(leadScore({ ...none, reservations: 1 }, { monthlyIncome: null, userId: null }, false)).toBeGreaterThan(
      leadScore({ ...none, quotesDownloaded: 1 }, { monthlyIncome: null, userId: null }, false),
    );
    expect(
      leadScore(
        { ...none, contactRequests: 9, quotesDownloaded: 9, reservations: 9, websiteVisits: 99, chatMessages: 99 },
        { monthlyIncome: 1, userId: 'u' },
        true,
      ),
    ).toBe(100);
  });
});

describe('Quote decider', () => {
  const spec = DeciderSpecification(quoteDecider);
  const inputs: QuoteInputs = {
    quoteId: '3f9a1c2b-0000-4000-8000-000000000000',
    userId: 'b1',
    project: { projectId: 'p1', name: 'Parque Ñuñoa', communeName: 'Ñuñoa', realEstateName: 'Inmobiliaria Andes SpA' },
    unit: { unitId: 'u1', unitNumber: '604', typology: '2D2B', model: 'A', bedrooms: 2, bathrooms: 2, innerSurface: 55, outerSurface: 6 },
    pricing: 'normal',
    priceUF: 4000,
    downPaymentPercent: 10,
    companyContributionUF: 150,
    realEstateContributionUF: 0,
    annualRatePercent: 4,
    termYears: 20,
    convention: 'nominal',
    maxDebtRatioPercent: 25,
    ufValue: 40877.18,
    ufDate: '2026-11-22',
    validityDays: 7,
  };

  it('issues a numbered quote valid 7 days, its amounts computed from its inputs at the day UF', () => {
    const [issued] = quoteDecider.decide({ type: 'IssueQuote', ...inputs }, quoteDecider.initialState(), testMeta());
    expect(issued.type).toBe('QuoteIssued');
    expect(issued.data).toMatchObject({
      number: 'COT-20261122-3F9A1C',
      validUntil: '2026-11-29T12:00:00.000Z',
      priceCLP: 163_508_720,
      downPayment: { buyerUF: 400, companyContributionUF: 150, totalUF: 550, totalPercent: 13.75, loanUF: 3450 },
      financing: { principalUF: 3450, convention: 'nominal', ufValue: 40877.18, insurance: { insuredValueUF: 4000 } },
      paymentStatus: 'pending',
    });
  });

  it('is issued once and records downloads and emails', () => {
    const events = quoteDecider.decide({ type: 'IssueQuote', ...inputs }, quoteDecider.initialState(), testMeta());
    spec
      .given(events)
      .when({ type: 'IssueQuote', ...inputs })
      .thenNothingHappens();
    spec
      .given(events)
      .when({ type: 'RecordQuoteDownload' }, testMeta({ actorId: 'b1' }))
      .then([{ type: 'QuoteDownloaded', data: { quoteId: inputs.quoteId, userId: 'b1', downloadedBy: 'b1', downloadedAt: AT } }]);
    spec.given([]).when({ type: 'RecordQuoteDownload' }).thenThrows('NOT_FOUND');
  });

  it('refuses a quote with nothing to finance', () => {
    spec
      .given([])
      .when({ type: 'IssueQuote', ...inputs, downPaymentPercent: 100 })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });
});

describe('Favorites decider', () => {
  const spec = DeciderSpecification(favoritesDecider);
  it('adds and removes a project once each', () => {
    const added = { type: 'FavoriteAdded' as const, data: { userId: 'b1', projectId: 'p1', addedAt: AT } };
    spec.given([]).when({ type: 'AddFavorite', userId: 'b1', projectId: 'p1' }).then([added]);
    spec.given([added]).when({ type: 'AddFavorite', userId: 'b1', projectId: 'p1' }).thenNothingHappens();
    spec
      .given([added])
      .when({ type: 'RemoveFavorite', userId: 'b1', projectId: 'p1' })
      .then([{ type: 'FavoriteRemoved', data: { userId: 'b1', projectId: 'p1', removedAt: AT } }]);
  });

  it("removing a project that is not a favourite (or a prototype member's name) is NOT_FOUND and records nothing", () => {
    const added = { type: 'FavoriteAdded' as const, data: { userId: 'b1', projectId: 'p1', addedAt: AT } };
    spec.given([]).when({ type: 'RemoveFavorite', userId: 'b1', projectId: 'p1' }).thenThrows('NOT_FOUND');
    for (const projectId of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf'])
      spec.given([added]).when({ type: 'RemoveFavorite', userId: 'b1', projectId }).thenThrows('NOT_FOUND');
  });
});
