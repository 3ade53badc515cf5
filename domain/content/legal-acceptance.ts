import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * Which version of the terms and of the privacy policy a person accepted, and when (stream
 * `legal-acceptance-<userId>`): recorded at sign-up with the versions then in force, so a later change
 * of either document never rewrites what the person agreed to.
 */
export type LegalAcceptanceEvent = DomainEvent<
  'LegalDocumentsAccepted',
  { userId: string; termsVersion: number | null; privacyVersion: number | null; context: 'sign-up'; acceptedAt: string }
>;

export type LegalAcceptanceCommand = {
  type: 'AcceptLegalDocuments';
  userId: string;
  termsVersion: number | null;
  privacyVersion: number | null;
  context: 'sign-up';
};

export interface LegalAcceptanceState {
  readonly accepted: readonly { termsVersion: number | null; privacyVersion: number | null }[];
}

export const legalAcceptanceDecider: Decider<LegalAcceptanceCommand, LegalAcceptanceState, LegalAcceptanceEvent> = {
  initialState: () => ({ accepted: [] }),
  evolve: (state, event) => ({ accepted: [...state.accepted, { termsVersion: event.data.termsVersion, privacyVersion: event.data.privacyVersion }] }),
  decide: (command, state, meta: CommandMetadata) => {
    const last = state.accepted.at(-1);
    // The same versions accepted again (a retried sign-up) are not a new acceptance.
    if (last && last.termsVersion === command.termsVersion && last.privacyVersion === command.privacyVersion) return [];
    const { type: _type, ...data } = command;
    return [{ type: 'LegalDocumentsAccepted', data: { ...data, acceptedAt: meta.now.toISOString() } }];
  },
};

export const legalAcceptanceStream = (userId: string) => `legal-acceptance-${userId}`;
