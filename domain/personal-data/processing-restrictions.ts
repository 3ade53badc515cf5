import type { DomainEvent } from '../shared/event';

/**
 * What a person has restricted or consented to about the processing of their data (Ley 21.719:
 * oposición, bloqueo, consentimiento), stream `processing-<userId>`. An officer records a restriction when
 * completing an opposition or blocking request (naming it); the person sets their own oppositions and their
 * marketing-email consent from "Mis datos" (`requestId` null, `by` the person). Every change is an event,
 * so the history says who changed what, when and why.
 */
type Change = { userId: string; requestId: string | null; reason: string };

export type ProcessingRestrictionEvent =
  /** Bloqueo: the data is kept but not processed (no mails, no leads, no profiling) until lifted. */
  | DomainEvent<'ProcessingBlocked', Change & { blockedBy: string; blockedAt: string }>
  /** Oposición: no marketing (offers, campaigns, marketing email, sales follow-up) to this person. */
  | DomainEvent<'MarketingOpposed', Change & { recordedBy: string; recordedAt: string }>
  | DomainEvent<'MarketingOppositionWithdrawn', Change & { recordedBy: string; recordedAt: string }>
  /** Oposición a la elaboración de perfiles: their leads are not scored ("no perfilado"). */
  | DomainEvent<'ProfilingOpposed', Change & { recordedBy: string; recordedAt: string }>
  | DomainEvent<'ProfilingOppositionWithdrawn', Change & { recordedBy: string; recordedAt: string }>
  /**
   * Consent to marketing email, apart from the service's (which the terms cover): given at sign-up (an
   * optional checkbox) or in "Mis datos", with the text shown and the privacy version in force.
   */
  | DomainEvent<
      'MarketingConsentGiven',
      Change & { text: string; privacyVersion: number | null; source: 'sign-up' | 'self-service'; recordedBy: string; recordedAt: string }
    >
  | DomainEvent<'MarketingConsentWithdrawn', Change & { recordedBy: string; recordedAt: string }>
  /** The block lifted by the officer (the person asked, or the reason for it ended), naming the blocking request. */
  | DomainEvent<'ProcessingUnblocked', Change & { liftedBy: string; liftedAt: string }>;

export interface RestrictionStep {
  readonly type: ProcessingRestrictionEvent['type'];
  readonly requestId: string | null;
  readonly reason: string;
  readonly by: string;
  readonly at: string;
}

export interface ProcessingRestrictions {
  readonly processingBlocked: boolean;
  readonly marketingOpposed: boolean;
  readonly profilingOpposed: boolean;
  readonly marketingConsent: boolean;
  readonly history: readonly RestrictionStep[];
}

export const initialRestrictions = (): ProcessingRestrictions => ({
  processingBlocked: false,
  marketingOpposed: false,
  profilingOpposed: false,
  marketingConsent: false,
  history: [],
});

const by = (event: ProcessingRestrictionEvent): { by: string; at: string } => {
  const d = event.data as Record<string, unknown>;
  return { by: String(d.blockedBy ?? d.liftedBy ?? d.recordedBy), at: String(d.blockedAt ?? d.liftedAt ?? d.recordedAt) };
};

const FLAGS: Record<ProcessingRestrictionEvent['type'], Partial<ProcessingRestrictions>> = {
  ProcessingBlocked: { processingBlocked: true },
  ProcessingUnblocked: { processingBlocked: false },
  MarketingOpposed: { marketingOpposed: true },
  MarketingOppositionWithdrawn: { marketingOpposed: false },
  ProfilingOpposed: { profilingOpposed: true },
  ProfilingOppositionWithdrawn: { profilingOpposed: false },
  MarketingConsentGiven: { marketingConsent: true },
  MarketingConsentWithdrawn: { marketingConsent: false },
};

export const evolveRestrictions = (state: ProcessingRestrictions, event: ProcessingRestrictionEvent): ProcessingRestrictions => {
  const flags = FLAGS[event.type];
  if (!flags) return state;
  return {
    ...state,
    ...flags,
    history: [...state.history, { type: event.type, requestId: event.data.requestId ?? null, reason: event.data.reason, ...by(event) }],
  };
};

/** Profiling (lead scoring) stops on an opposition to it, and while processing is blocked. */
export const mayBeProfiled = (r: ProcessingRestrictions): boolean => !r.profilingOpposed && !r.processingBlocked;

export const processingStream = (userId: string): string => `processing-${userId}`;
