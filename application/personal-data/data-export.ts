import { OUTGOING_MAILS } from '../../read-models/mail/outgoing-mails.queries';
import { SIGN_UP_CLAIMS } from '../../read-models/users/sign-up-claims.queries';
import {
  PAYMENTS_LEDGER,
  PAYMENTS_LEDGER_RESERVATIONS,
  NOTIFICATIONS,
  NOTIFICATION_PREFERENCES,
  SALES_REFS,
  ALERTS,
  COLLABORATORS,
  DATA_REQUESTS,
  FAVORITES,
  LEADS,
  LEAD_DAYS,
  LEAD_DAY_ROWS,
  LEAD_ACTIVITIES,
  leadActivities,
  QUOTES,
  RESERVATIONS,
  ROLE_CHANGES,
  USERS,
  type UserDoc,
} from '../../read-models/personal-data/personal-data.queries';
import type { Document, Filter, ReadStore } from '../../kernel/ports/read-store';
import type { ProcessingRestrictions } from '../../domain/personal-data/processing-restrictions';
import type { SessionStore } from '../../kernel/ports/session-store';
import { EXPORT_SECTIONS, PROCESSING_NOTICES, type ExportSection, type ProcessingNotice } from './processing-notices';

export interface ExportSectionBody extends ProcessingNotice {
  /** The read models the section was read from: a completeness test checks none holding the person is missing. */
  readonly sources: readonly string[];
  readonly data: unknown;
}

/** Bookkeeping fields of the read side, not data about the person. */
const clean = ({ _v: _version, _w: _writes, ...doc }: Document) => doc;

const all = async (store: ReadStore, collection: string, filter: Filter, sort: Record<string, 1 | -1>) =>
  (await store.collection(collection).find(filter, { sort: { ...sort, _id: 1 } })).map(clean);

/**
 * Everything the platform holds about the signed-in person (Ley 21.719, derechos de acceso y portabilidad):
 * one section per kind of data, each with its origin, purpose, recipients and retention, in JSON.
 */
export const exportPersonalData = async (
  deps: { readStore: ReadStore; sessions: SessionStore; restrictionsOf(userId: string): Promise<ProcessingRestrictions> },
  userId: string,
  now: Date,
) => {
  const { readStore: store } = deps;
  const user = await store.collection<UserDoc>(USERS).findOne({ _id: userId });
  const emails = [user?.email, user?.personalEmail].filter((e): e is string => typeof e === 'string' && e.includes('@'));
  const { roles = [], rolesRevision: _r, ...profile } = user ? clean(user) : ({} as Record<string, unknown>);
  const data: Record<ExportSection, { sources: string[]; data: unknown }> = {
    // The email and RUT the sign-up claimed are the profile's own, kept beside it until a crash's repair is ruled out.
    profile: { sources: [USERS, SIGN_UP_CLAIMS], data: user ? profile : null },
    roles: { sources: [USERS], data: roles },
    roleHistory: { sources: [ROLE_CHANGES], data: await all(store, ROLE_CHANGES, { userId }, { occurredAt: 1 }) },
    favorites: { sources: [FAVORITES], data: await all(store, FAVORITES, { userId }, { addedAt: -1 }) },
    alerts: { sources: [ALERTS], data: await all(store, ALERTS, { userId }, { createdAt: -1 }) },
    quotes: { sources: [QUOTES], data: await all(store, QUOTES, { userId }, { createdAt: -1 }) },
    // The payments ledger keeps the same payment steps (no name or email, only the buyer's pseudonymous id).
    reservations: {
      sources: [RESERVATIONS, PAYMENTS_LEDGER, PAYMENTS_LEDGER_RESERVATIONS],
      data: await all(store, RESERVATIONS, { buyerId: userId }, { requestedAt: -1 }),
    },
    // The lead dashboard keeps a row of each lead's status, source, score, advisor and dates under its capture
    // day (lead_day_rows, and its tally in lead_days): fields of the lead documents exported here, nothing else.
    // Each lead with its activities.
    leads: {
      sources: [LEADS, LEAD_DAYS, LEAD_DAY_ROWS, LEAD_ACTIVITIES],
      data: await Promise.all(
        (await all(store, LEADS, emails.length ? { $or: [{ userId }, { email: { $in: emails } }] } : { userId }, { lastActivityAt: -1 })).map(async (lead) => ({
          ...lead,
          activities: await leadActivities(store, { _id: String(lead._id), activityCount: lead.activityCount as number | undefined }),
        })),
      ),
    },
    // The sales dashboards keep the employer and contribution of a buyer who is a collaborator (sales_refs): the same facts.
    collaborator: { sources: [COLLABORATORS, SALES_REFS], data: await all(store, COLLABORATORS, { userId }, {}) },
    sessions: { sources: [], data: { active: await deps.sessions.countByUser(userId, now.toISOString()) } },
    dataRequests: { sources: [DATA_REQUESTS], data: await all(store, DATA_REQUESTS, { subjectId: userId }, { submittedAt: -1 }) },
    // Read from the person's event stream (processing-<id>), not a read model.
    restrictions: { sources: [], data: await deps.restrictionsOf(userId) },
    notifications: { sources: [NOTIFICATIONS], data: await all(store, NOTIFICATIONS, { userId }, { createdAt: -1 }) },
    mails: { sources: [OUTGOING_MAILS], data: await all(store, OUTGOING_MAILS, { subjectId: userId }, { queuedAt: -1 }) },
    notificationPreferences: { sources: [NOTIFICATION_PREFERENCES], data: await all(store, NOTIFICATION_PREFERENCES, { userId }, {}) },
  };
  const sections: Partial<Record<ExportSection, ExportSectionBody>> = {};
  for (const s of EXPORT_SECTIONS) sections[s] = { ...PROCESSING_NOTICES[s], ...data[s] };
  return {
    subjectId: userId,
    generatedAt: now.toISOString(),
    controller: 'Plataforma Vivienda (responsable del tratamiento)',
    sections,
  };
};
