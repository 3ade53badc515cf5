import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * The terms and the privacy policy as versioned documents (streams `legal-terms`, `legal-privacy`).
 * Spec §9: a published change takes effect 10 calendar days after its publication, so users see the
 * version in force and the one coming with its date. The first version of a document replaces nothing and
 * is in force at once.
 */
const LEGAL_CHANGE_NOTICE_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export type LegalVersionRecord = { version: number; title: string; body: string; publishedAt: string; effectiveAt: string; publishedBy: string };

export type LegalDocumentEvent = DomainEvent<'LegalDocumentPublished', LegalVersionRecord & { kind: string }>;

export type LegalDocumentCommand = { type: 'PublishLegalDocument'; kind: string; title: string; body: string };

export interface LegalDocumentState {
  readonly versions: readonly LegalVersionRecord[];
}

export const legalDocumentDecider: Decider<LegalDocumentCommand, LegalDocumentState, LegalDocumentEvent> = {
  initialState: () => ({ versions: [] }),
  evolve: (state, event) => {
    const { kind: _kind, ...version } = event.data;
    return { versions: [...state.versions, version] };
  },
  decide: (command: LegalDocumentCommand, state: LegalDocumentState, meta: CommandMetadata): LegalDocumentEvent[] => {
    const latest = state.versions.at(-1);
    // Publishing the very text of the latest version again is not a change, and must not restart its notice.
    if (latest && latest.title === command.title.trim() && latest.body === command.body.trim()) return [];
    const publishedAt = meta.now.toISOString();
    const effectiveAt = latest ? new Date(meta.now.getTime() + LEGAL_CHANGE_NOTICE_DAYS * DAY_MS).toISOString() : publishedAt;
    return [
      {
        type: 'LegalDocumentPublished',
        data: {
          kind: command.kind,
          version: (latest?.version ?? 0) + 1,
          title: command.title.trim(),
          body: command.body.trim(),
          publishedAt,
          effectiveAt,
          publishedBy: meta.actorId,
        },
      },
    ];
  },
};

/** The version in force at `now` (the latest already effective) and the next one, if one was published since. */
export const legalVersionsAt = (
  versions: readonly LegalVersionRecord[],
  now: Date,
): { inForce: LegalVersionRecord | null; upcoming: LegalVersionRecord | null } => {
  const t = now.toISOString();
  const effective = versions.filter((v) => v.effectiveAt <= t);
  const pending = versions.filter((v) => v.effectiveAt > t);
  return { inForce: effective.at(-1) ?? null, upcoming: pending.at(-1) ?? null };
};

export const legalStream = (kind: string) => `legal-${kind}`;
