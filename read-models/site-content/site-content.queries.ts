import type { ReadStore } from '../../kernel/ports/read-store';
import { legalVersionsAt, type LegalVersionRecord } from '../../domain/content/legal-document';
import { SITE_CONTENT } from './site-content.projection';

/** The sections an editor saved (the rest keep the platform's first text), when, and the stream revision for If-Match. */
export const savedHomeContent = async (store: ReadStore) => {
  const doc = await store.collection(SITE_CONTENT).findOne({ _id: 'home' });
  return {
    sections: (doc?.sections as Record<string, Record<string, unknown>> | undefined) ?? {},
    updatedAt: (doc?.updatedAt as string | undefined) ?? null,
    revision: typeof doc?.revision === 'number' ? doc.revision : -1,
  };
};

/** The version of a legal document in force now, and the upcoming one with its date. */
export const legalDocumentAt = async (store: ReadStore, kind: string, now: Date) => {
  const doc = await store.collection(SITE_CONTENT).findOne({ _id: `legal-${kind}` });
  const versions = (doc?.versions as LegalVersionRecord[] | undefined) ?? [];
  const { inForce, upcoming } = legalVersionsAt(versions, now);
  const view = (v: LegalVersionRecord | null) =>
    v ? { version: v.version, title: v.title, body: v.body, publishedAt: v.publishedAt, effectiveAt: v.effectiveAt } : null;
  return { inForce: view(inForce), upcoming: view(upcoming) };
};
