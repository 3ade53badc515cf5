import type { DomainEvent } from '../shared/event';

/**
 * Lead aggregate (stream `lead-<id>`, one per person by email): a prospective buyer as the sales team
 * follows them (spec §3): contact data, income, score, status, pre-approval, where they came from and
 * what they did (contact and advisor requests, quotes downloaded, reservations, visits, chat messages).
 */
export const LEAD_STATUSES = ['unfinished', 'downloaded', 'derivated', 'rejected'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_ACTIVITIES = [
  'contact_request',
  'advisor_request',
  'quote_downloaded',
  'quote_emailed',
  'reservation',
  'website_visit',
  'chat_message',
] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITIES)[number];

/** Derivated (handed to the real-estate company) and rejected close the lead: a new contact opens a new one. */
const FINAL_LEAD_STATUSES: readonly LeadStatus[] = ['derivated', 'rejected'];
export const isFinalLeadStatus = (status: string): boolean => (FINAL_LEAD_STATUSES as readonly string[]).includes(status);

/** The moves a person may make (unfinished -> downloaded happens by itself on a quote download too). */
export const LEAD_STATUS_MOVES: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  unfinished: ['downloaded', 'derivated', 'rejected'],
  downloaded: ['derivated', 'rejected'],
  derivated: [],
  rejected: [],
};

/** Spec: "Un asesor lo contactará dentro de las próximas 24 horas". */
export const CONTACT_PROMISE_HOURS = 24;

export const CONTACT_METHODS = ['email', 'phone', 'both'] as const;
export const PREFERRED_TIMES = ['morning', 'afternoon', 'evening', 'any'] as const;

export type LeadContact = {
  name: string;
  /** RUT when known (the spec's DNI). */
  dni: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  monthlyIncome: number | null;
  userId: string | null;
};

export type LeadActivity = {
  /** Makes the activity idempotent: the same quote download or reservation counts once. */
  activityId: string;
  kind: LeadActivityKind;
  projectId: string | null;
  unitId: string | null;
  message: string | null;
  preferredContactMethod: (typeof CONTACT_METHODS)[number] | null;
  preferredTime: (typeof PREFERRED_TIMES)[number] | null;
  /**
   * What the person accepted on a contact form (Ley 21.719: the consent text shown, and the terms and
   * privacy versions in force), kept with the lead and sealed under its key; null for activity without a form.
   */
  consent?: LeadConsent | null;
};

export type LeadConsent = { text: string; termsVersion: number | null; privacyVersion: number | null; acceptedAt: string };

type Of = { leadId: string };

export type LeadEvent =
  | DomainEvent<'LeadCaptured', Of & LeadContact & { source: LeadActivityKind; capturedAt: string; previousLeadId?: string | null }>
  | DomainEvent<'LeadActivityRecorded', Of & LeadActivity & { contact: Partial<LeadContact>; recordedAt: string }>
  /** `manual`: a person of the sales team moved it (their first move is the lead's first contact); absent when the platform did. */
  | DomainEvent<'LeadStatusChanged', Of & { from: LeadStatus; to: LeadStatus; reason: string; changedBy: string; changedAt: string; manual?: boolean }>
  | DomainEvent<'LeadScored', Of & { score: number; scoredAt: string }>
  | DomainEvent<'LeadPreApproved', Of & { preApprovedBy: string; preApprovedAt: string }>
  /** The person opposed profiling (Ley 21.719): the lead keeps no score ("no perfilado") until they withdraw it. */
  | DomainEvent<'LeadProfilingStopped', Of & { stoppedAt: string }>
  | DomainEvent<'LeadProfilingResumed', Of & { resumedAt: string }>
  | DomainEvent<'LeadAssigned', Of & { advisorId: string; previousAdvisorId: string | null; assignedBy: string; assignedAt: string; contactDueAt: string }>;

export interface LeadCounters {
  readonly contactRequests: number;
  readonly quotesDownloaded: number;
  readonly reservations: number;
  readonly websiteVisits: number;
  readonly chatMessages: number;
}

export type LeadState =
  | { status: 'none' }
  | {
      status: LeadStatus;
      leadId: string;
      contact: LeadContact;
      activityIds: readonly string[];
      counters: LeadCounters;
      score: number;
      preApproved: boolean;
      advisorId: string | null;
      capturedAt: string;
      promisedAt: string | null;
      profiled: boolean;
    };

const NO_COUNTERS: LeadCounters = { contactRequests: 0, quotesDownloaded: 0, reservations: 0, websiteVisits: 0, chatMessages: 0 };

const counted = (counters: LeadCounters, kind: LeadActivityKind): LeadCounters => {
  switch (kind) {
    case 'contact_request':
    case 'advisor_request':
      return { ...counters, contactRequests: counters.contactRequests + 1 };
    case 'quote_downloaded':
    case 'quote_emailed':
      return { ...counters, quotesDownloaded: counters.quotesDownloaded + 1 };
    case 'reservation':
      return { ...counters, reservations: counters.reservations + 1 };
    case 'website_visit':
      return { ...counters, websiteVisits: counters.websiteVisits + 1 };
    case 'chat_message':
      return { ...counters, chatMessages: counters.chatMessages + 1 };
  }
};

/** A contact or advisor request is answered with the promise of a call within 24 hours. */
export const isContactRequest = (kind: LeadActivityKind): boolean => kind === 'contact_request' || kind === 'advisor_request';

/** When the promised contact is due: 24 hours after the first request, else after the assignment. */
export const contactDueAt = (promisedAt: string | null, assignedAt: string): string =>
  new Date(new Date(promisedAt ?? assignedAt).getTime() + CONTACT_PROMISE_HOURS * 3_600_000).toISOString();

export const initialLeadState = (): LeadState => ({ status: 'none' });

export const evolveLead = (state: LeadState, event: LeadEvent): LeadState => {
  if (event.type === 'LeadCaptured') {
    const { leadId, capturedAt } = event.data;
    // The contact is exactly these fields: the event's others (its id, when and where it was captured) are the lead's.
    const { name, dni, email, phone, company, monthlyIncome, userId } = event.data;
    const contact: LeadContact = { name, dni, email, phone, company, monthlyIncome, userId };
    return {
      status: 'unfinished',
      leadId,
      contact,
      activityIds: [],
      counters: NO_COUNTERS,
      score: 0,
      preApproved: false,
      advisorId: null,
      capturedAt,
      promisedAt: null,
      profiled: true,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'LeadActivityRecorded':
      // What the activity says of the contact updates it; a first contact request starts the promise of a call.
      return {
        ...state,
        contact: { ...state.contact, ...event.data.contact },
        activityIds: [...state.activityIds, event.data.activityId],
        counters: counted(state.counters, event.data.kind),
        promisedAt: state.promisedAt ?? (isContactRequest(event.data.kind) ? event.data.recordedAt : null),
      };
    case 'LeadStatusChanged':
      return { ...state, status: event.data.to };
    case 'LeadScored':
      return { ...state, score: event.data.score };
    case 'LeadPreApproved':
      return { ...state, preApproved: true };
    case 'LeadProfilingStopped':
      return { ...state, profiled: false, score: 0 };
    case 'LeadProfilingResumed':
      return { ...state, profiled: true };
    case 'LeadAssigned':
      return { ...state, advisorId: event.data.advisorId };
  }
};

/**
 * A simple, explainable score (0-100), recomputed from the lead's events after each one that changes it
 * (a LeadScored event records the new value; docs/architecture.md "Leads"): 10 to start; +10 per contact
 * or advisor request (up to 3); +15 per quote downloaded or emailed (up to 3); +30 for a reservation;
 * +1 per website visit (up to 10); +2 per chat message (up to 5); +5 when the income is known; +5 when the
 * person has an account; +10 when pre-approved; capped at 100. Reservations weigh most, then quotes.
 */
export const leadScore = (counters: LeadCounters, contact: Pick<LeadContact, 'monthlyIncome' | 'userId'>, preApproved: boolean): number =>
  Math.min(
    100,
    10 +
      Math.min(counters.contactRequests, 3) * 10 +
      Math.min(counters.quotesDownloaded, 3) * 15 +
      Math.min(counters.reservations, 1) * 30 +
      Math.min(counters.websiteVisits, 10) +
      Math.min(counters.chatMessages, 5) * 2 +
      (contact.monthlyIncome ? 5 : 0) +
      (contact.userId ? 5 : 0) +
      (preApproved ? 10 : 0),
  );

export const leadStream = (leadId: string): string => `lead-${leadId}`;
