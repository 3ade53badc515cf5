import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { evolveRestrictions, initialRestrictions, type ProcessingRestrictionEvent, type ProcessingRestrictions } from './processing-restrictions';

type Of = { userId: string; requestId: string | null; reason: string };

export type ProcessingRestrictionCommand =
  | ({ type: 'BlockProcessing' } & Of)
  | ({ type: 'OpposeMarketing' } & Of)
  | ({ type: 'LiftProcessingBlock' } & Of)
  /** The person's own choices from "Mis datos" (or an officer's, naming the request). */
  | ({ type: 'SetMarketingOpposition'; opposed: boolean } & Of)
  | ({ type: 'SetProfilingOpposition'; opposed: boolean } & Of)
  | ({ type: 'SetMarketingConsent'; consent: boolean; text: string; privacyVersion: number | null; source: 'sign-up' | 'self-service' } & Of);

/** Restricting again is a no-op: the officer may complete a second request of the same kind, the person click twice. */
const decide = (command: ProcessingRestrictionCommand, state: ProcessingRestrictions, meta: CommandMetadata): ProcessingRestrictionEvent[] => {
  const at = meta.now.toISOString();
  const { userId, requestId, reason } = command;
  const recorded = { userId, requestId, reason, recordedBy: meta.actorId, recordedAt: at };
  switch (command.type) {
    case 'BlockProcessing':
      return state.processingBlocked ? [] : [{ type: 'ProcessingBlocked', data: { userId, requestId, reason, blockedBy: meta.actorId, blockedAt: at } }];
    case 'LiftProcessingBlock':
      if (!state.processingBlocked)
        throw new DomainError('BUSINESS_RULE_VIOLATION', 'processing not blocked', [
          { field: 'processing', code: 'BUSINESS_RULE_VIOLATION', message: 'El tratamiento de los datos de esta persona no está bloqueado.' },
        ]);
      return [{ type: 'ProcessingUnblocked', data: { userId, requestId, reason, liftedBy: meta.actorId, liftedAt: at } }];
    case 'OpposeMarketing':
      return state.marketingOpposed ? [] : [{ type: 'MarketingOpposed', data: recorded }];
    case 'SetMarketingOpposition':
      if (command.opposed === state.marketingOpposed) return [];
      return [{ type: command.opposed ? 'MarketingOpposed' : 'MarketingOppositionWithdrawn', data: recorded }];
    case 'SetProfilingOpposition':
      if (command.opposed === state.profilingOpposed) return [];
      return [{ type: command.opposed ? 'ProfilingOpposed' : 'ProfilingOppositionWithdrawn', data: recorded }];
    case 'SetMarketingConsent':
      if (command.consent === state.marketingConsent) return [];
      return command.consent
        ? [{ type: 'MarketingConsentGiven', data: { ...recorded, text: command.text, privacyVersion: command.privacyVersion, source: command.source } }]
        : [{ type: 'MarketingConsentWithdrawn', data: recorded }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const processingRestrictionsDecider: Decider<ProcessingRestrictionCommand, ProcessingRestrictions, ProcessingRestrictionEvent> = {
  initialState: initialRestrictions,
  evolve: evolveRestrictions,
  decide,
};
