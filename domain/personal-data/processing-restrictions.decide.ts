import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { evolveRestrictions, initialRestrictions, type ProcessingRestrictionEvent, type ProcessingRestrictions } from './processing-restrictions';

export type ProcessingRestrictionCommand =
  | { type: 'BlockProcessing'; userId: string; requestId: string; reason: string }
  | { type: 'OpposeMarketing'; userId: string; requestId: string; reason: string }
  | { type: 'LiftProcessingBlock'; userId: string; requestId: string; reason: string };

/** Restricting again is a no-op: the officer may complete a second request of the same kind. */
const decide = (command: ProcessingRestrictionCommand, state: ProcessingRestrictions, meta: CommandMetadata): ProcessingRestrictionEvent[] => {
  const at = meta.now.toISOString();
  const { userId, requestId, reason } = command;
  switch (command.type) {
    case 'BlockProcessing':
      return state.processingBlocked ? [] : [{ type: 'ProcessingBlocked', data: { userId, requestId, reason, blockedBy: meta.actorId, blockedAt: at } }];
    case 'LiftProcessingBlock':
      if (!state.processingBlocked) throw new DomainError('BUSINESS_RULE_VIOLATION', 'processing not blocked', [{ field: 'processing', code: 'BUSINESS_RULE_VIOLATION', message: 'El tratamiento de los datos de esta persona no está bloqueado.' }]);
      return [{ type: 'ProcessingUnblocked', data: { userId, requestId, reason, liftedBy: meta.actorId, liftedAt: at } }];
    case 'OpposeMarketing':
      return state.marketingOpposed ? [] : [{ type: 'MarketingOpposed', data: { userId, requestId, reason, recordedBy: meta.actorId, recordedAt: at } }];
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
