import type { DomainEvent } from '../shared/event';

/**
 * What a person has restricted about the processing of their data (Ley 21.719: oposición, bloqueo),
 * stream `processing-<userId>`. Recorded when the officer completes an opposition or blocking request,
 * naming the request, so each restriction can be traced to the person's own ask.
 */
export type ProcessingRestrictionEvent =
  /** Bloqueo: the data is kept but not processed (no mails, no leads, no profiling) until lifted. */
  | DomainEvent<'ProcessingBlocked', { userId: string; requestId: string; reason: string; blockedBy: string; blockedAt: string }>
  /** Oposición: no marketing (offers, campaigns, sales follow-up) to this person. */
  | DomainEvent<'MarketingOpposed', { userId: string; requestId: string; reason: string; recordedBy: string; recordedAt: string }>
  /** The block lifted by the officer (the person asked, or the reason for it ended), naming the blocking request. */
  | DomainEvent<'ProcessingUnblocked', { userId: string; requestId: string; reason: string; liftedBy: string; liftedAt: string }>;

export interface ProcessingRestrictions {
  readonly processingBlocked: boolean;
  readonly marketingOpposed: boolean;
  readonly history: readonly { type: ProcessingRestrictionEvent['type']; requestId: string; reason: string; by: string; at: string }[];
}

export const initialRestrictions = (): ProcessingRestrictions => ({ processingBlocked: false, marketingOpposed: false, history: [] });

export const evolveRestrictions = (state: ProcessingRestrictions, event: ProcessingRestrictionEvent): ProcessingRestrictions => {
  switch (event.type) {
    case 'ProcessingBlocked':
      return { ...state, processingBlocked: true, history: [...state.history, { type: event.type, requestId: event.data.requestId, reason: event.data.reason, by: event.data.blockedBy, at: event.data.blockedAt }] };
    case 'ProcessingUnblocked':
      return { ...state, processingBlocked: false, history: [...state.history, { type: event.type, requestId: event.data.requestId, reason: event.data.reason, by: event.data.liftedBy, at: event.data.liftedAt }] };
    case 'MarketingOpposed':
      return { ...state, marketingOpposed: true, history: [...state.history, { type: event.type, requestId: event.data.requestId, reason: event.data.reason, by: event.data.recordedBy, at: event.data.recordedAt }] };
  }
};

export const processingStream = (userId: string): string => `processing-${userId}`;
