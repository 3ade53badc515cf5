import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { HomeContentEvent } from '../../domain/content/home-content';
import type { LegalDocumentEvent } from '../../domain/content/legal-document';

export const SITE_CONTENT = 'site-content';

/**
 * The public home's saved sections (document `home`) and each legal document's versions (`legal-<kind>`).
 * Read on every visit to the home, the terms and the privacy page, so it is one document read each.
 */
export const siteContentProjection: Projection<HomeContentEvent | LegalDocumentEvent> = {
  name: 'site-content',
  collections: [SITE_CONTENT],
  categories: ['site', 'legal'],
  eventTypes: ['HomeSectionUpdated', 'LegalDocumentPublished'],
  async apply(recorded, store) {
    const event: HomeContentEvent | LegalDocumentEvent = recorded;
    const docs = store.collection(SITE_CONTENT);
    switch (event.type) {
      case 'HomeSectionUpdated':
        await guardedUpsert(docs, 'home', recorded, {
          $set: { [`sections.${event.data.section}`]: event.data.content, updatedAt: event.data.updatedAt, revision: recorded.revision },
        });
        return;
      case 'LegalDocumentPublished': {
        const { kind, ...version } = event.data;
        await guardedUpsert(docs, `legal-${kind}`, recorded, { $push: { versions: version } });
        return;
      }
    }
  },
};
