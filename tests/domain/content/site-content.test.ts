import { homeContentDecider, type HomeContentEvent } from '../../../domain/content/home-content';
import { legalDocumentDecider, legalVersionsAt, type LegalDocumentEvent } from '../../../domain/content/legal-document';
import { legalAcceptanceDecider } from '../../../domain/content/legal-acceptance';
import { DeciderSpecification, testMeta } from '../../support/decider-spec';

const home = DeciderSpecification(homeContentDecider);
const legal = DeciderSpecification(legalDocumentDecider);
const meta = testMeta({ actorId: 'admin-1' });
const stats = { title: 'Nuestras cifras', clients: 2500, propertiesSold: 1200, millionsInvested: 85000, yearsOfExperience: 15 };
const updated = (content: Record<string, unknown>, at = '2026-11-22T12:00:00.000Z'): HomeContentEvent => ({
  type: 'HomeSectionUpdated',
  data: { section: 'stats', content, updatedBy: 'admin-1', updatedAt: at },
});

describe('home content', () => {
  it('records a section change with who and when', () => {
    home
      .given([])
      .when({ type: 'UpdateHomeSection', section: 'stats', content: stats }, meta)
      .then([updated(stats)]);
  });

  it('saving the same content again records nothing, whatever the order of its fields', () => {
    const reordered = { yearsOfExperience: 15, millionsInvested: 85000, propertiesSold: 1200, clients: 2500, title: 'Nuestras cifras' };
    home
      .given([updated(stats)])
      .when({ type: 'UpdateHomeSection', section: 'stats', content: reordered }, meta)
      .thenNothingHappens();
  });

  it('a changed figure is a new event', () => {
    home
      .given([updated(stats)])
      .when({ type: 'UpdateHomeSection', section: 'stats', content: { ...stats, clients: 2600 } }, meta)
      .then([updated({ ...stats, clients: 2600 })]);
  });
});

describe('legal documents', () => {
  const first: LegalDocumentEvent = {
    type: 'LegalDocumentPublished',
    data: {
      kind: 'terms',
      version: 1,
      title: 'Términos',
      body: 'Texto 1',
      publishedAt: '2026-11-01T00:00:00.000Z',
      effectiveAt: '2026-11-01T00:00:00.000Z',
      publishedBy: 'admin-1',
    },
  };

  it('the first version is in force at once: it replaces nothing', () => {
    legal
      .given([])
      .when({ type: 'PublishLegalDocument', kind: 'terms', title: ' Términos ', body: 'Texto 1\n' }, meta)
      .then([
        {
          type: 'LegalDocumentPublished',
          data: {
            kind: 'terms',
            version: 1,
            title: 'Términos',
            body: 'Texto 1',
            publishedAt: meta.now.toISOString(),
            effectiveAt: meta.now.toISOString(),
            publishedBy: 'admin-1',
          },
        },
      ]);
  });

  it('a change takes effect 10 calendar days after its publication (spec §9)', () => {
    legal
      .given([first])
      .when({ type: 'PublishLegalDocument', kind: 'terms', title: 'Términos', body: 'Texto 2' }, meta)
      .then([
        {
          type: 'LegalDocumentPublished',
          data: {
            kind: 'terms',
            version: 2,
            title: 'Términos',
            body: 'Texto 2',
            publishedAt: '2026-11-22T12:00:00.000Z',
            effectiveAt: '2026-12-02T12:00:00.000Z',
            publishedBy: 'admin-1',
          },
        },
      ]);
  });

  it('publishing the same text again is not a change and does not restart the notice', () => {
    legal.given([first]).when({ type: 'PublishLegalDocument', kind: 'terms', title: 'Términos', body: 'Texto 1' }, meta).thenNothingHappens();
  });

  it('users see the version in force and the upcoming one until its date, then the new one alone', () => {
    const second = { ...first.data, version: 2, body: 'Texto 2', publishedAt: '2026-11-22T12:00:00.000Z', effectiveAt: '2026-12-02T12:00:00.000Z' };
    const versions = [first.data, second];
    expect(legalVersionsAt(versions, new Date('2026-12-01T00:00:00.000Z'))).toMatchObject({ inForce: { version: 1 }, upcoming: { version: 2 } });
    expect(legalVersionsAt(versions, new Date('2026-12-02T12:00:00.000Z'))).toMatchObject({ inForce: { version: 2 }, upcoming: null });
  });
});

describe('legal acceptance', () => {
  const accept = DeciderSpecification(legalAcceptanceDecider);
  const command = { type: 'AcceptLegalDocuments' as const, userId: 'u1', termsVersion: 2, privacyVersion: 1, context: 'sign-up' as const };
  const accepted = {
    type: 'LegalDocumentsAccepted' as const,
    data: { userId: 'u1', termsVersion: 2, privacyVersion: 1, context: 'sign-up' as const, acceptedAt: meta.now.toISOString() },
  };
  it('records the versions a person accepted, once', () => {
    accept.given([]).when(command, meta).then([accepted]);
    accept.given([accepted]).when(command, meta).thenNothingHappens();
  });
});
