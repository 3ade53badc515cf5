import { hasPermission } from '../../domain/access/permissions';
import { isFinalLeadStatus, LEAD_STATUS_MOVES, type LeadStatus } from '../../domain/leads/lead';
import { DomainError } from '../../domain/shared/errors';
import { getLeadDoc, leadActivities, listLeads, type LeadDoc, type LeadsQuery } from '../../read-models/leads/leads.queries';
import { usersByIds } from '../../read-models/users/users.queries';
import type { LeadDetail, LeadSummary, LeadTimelineItem } from '../../contract/leads';
import type { ReadStore } from '../../kernel/ports/read-store';

/** Who reads: with leads:all every lead; otherwise (an advisor) only the leads assigned to them. */
export interface LeadReader {
  readonly userId: string;
  readonly roles: readonly string[];
}

export const seesAllLeads = (reader: LeadReader): boolean => hasPermission(reader.roles, 'leads:all');

const fullName = (doc: Record<string, unknown> | undefined): string | null =>
  doc ? [doc.name, doc.firstLastName].filter((p) => typeof p === 'string' && p).join(' ') || null : null;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

const summary = (doc: LeadDoc, names: Map<string, string | null>, now: Date): LeadSummary => {
  const advisorId = str(doc.advisorId);
  const contactDueAt = str(doc.contactDueAt);
  const firstContactAt = str(doc.firstContactAt);
  return {
    id: String(doc._id ?? doc.id),
    name: String(doc.name ?? ''),
    dni: str(doc.dni),
    email: String(doc.email ?? ''),
    phone: str(doc.phone),
    company: str(doc.company),
    monthlyIncome: typeof doc.monthlyIncome === 'number' ? doc.monthlyIncome : null,
    source: String(doc.source ?? ''),
    status: doc.status,
    // An opposition to profiling leaves the lead unscored, not scored zero.
    score: doc.profiled === false ? null : num(doc.score),
    profiled: doc.profiled !== false,
    preApproved: doc.preApproved === true,
    createdAt: doc.createdAt,
    lastActivityAt: doc.lastActivityAt,
    websiteVisits: num(doc.websiteVisits),
    documentsDownloaded: num(doc.documentsDownloaded),
    chatMessages: num(doc.chatMessages),
    contactRequests: num(doc.contactRequests),
    reservations: num(doc.reservations),
    projectIds: Array.isArray(doc.projectIds) ? (doc.projectIds as string[]) : [],
    advisorId,
    advisorName: advisorId ? (names.get(advisorId) ?? null) : null,
    assignedAt: str(doc.assignedAt),
    contactDueAt,
    firstContactAt,
    contactOverdue: contactDueAt !== null && firstContactAt === null && !isFinalLeadStatus(doc.status) && Date.parse(contactDueAt) < now.getTime(),
    previousLeadId: str(doc.previousLeadId),
  };
};

const namesOf = async (store: ReadStore, ids: readonly (string | null)[]): Promise<Map<string, string | null>> => {
  const wanted = ids.filter((id): id is string => typeof id === 'string' && id.length > 0);
  if (wanted.length === 0) return new Map();
  const users = await usersByIds(store, wanted);
  return new Map(wanted.map((id) => [id, fullName(users.get(id))]));
};

export const listLeadsFor = async (store: ReadStore, reader: LeadReader, query: LeadsQuery, now: Date) => {
  // An advisor's list is their own, whatever advisor filter they ask for.
  const scoped = seesAllLeads(reader) ? query : { ...query, advisorId: reader.userId };
  const page = await listLeads(store, scoped);
  const docs = page.items.map(({ id, ...rest }) => ({ _id: id, ...rest }) as unknown as LeadDoc);
  const names = await namesOf(
    store,
    docs.map((d) => str(d.advisorId)),
  );
  return { ...page, items: docs.map((d) => summary(d, names, now)) };
};

/** The lead with its timeline, newest first; an advisor reading another advisor's lead finds nothing. */
export const leadDetailFor = async (store: ReadStore, reader: LeadReader, leadId: string, now: Date): Promise<LeadDetail> => {
  const doc = await getLeadDoc(store, leadId);
  if (!doc || (!seesAllLeads(reader) && doc.advisorId !== reader.userId)) throw new DomainError('NOT_FOUND', 'lead');
  const activities = await leadActivities(store, doc);
  const history = (Array.isArray(doc.history) ? doc.history : []) as Record<string, unknown>[];
  const names = await namesOf(store, [str(doc.advisorId), ...history.flatMap((h) => [str(h.by), str(h.advisorId)])]);
  const timeline: LeadTimelineItem[] = [
    ...activities.map((a) => ({
      at: String(a.at),
      kind: a.kind as LeadTimelineItem['kind'],
      projectId: str(a.projectId),
      unitId: str(a.unitId),
      message: str(a.message),
      from: null,
      to: null,
      reason: null,
      advisorName: null,
      actorName: null,
    })),
    ...history.map((h) => ({
      at: String(h.at),
      kind: h.kind as LeadTimelineItem['kind'],
      projectId: null,
      unitId: null,
      message: null,
      from: (str(h.from) as LeadStatus | null) ?? null,
      to: (str(h.to) as LeadStatus | null) ?? null,
      reason: str(h.reason),
      advisorName: str(h.advisorId) ? (names.get(String(h.advisorId)) ?? null) : null,
      // The platform's own move (a quote downloaded) names nobody.
      actorName: h.kind === 'status_changed' && h.manual !== true ? null : (names.get(String(h.by)) ?? null),
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const mine = doc.advisorId === reader.userId;
  return {
    ...summary(doc, names, now),
    activities: activities.map((a) => ({
      ...a,
      kind: String(a.kind),
      at: String(a.at),
      projectId: str(a.projectId),
      unitId: str(a.unitId),
      message: str(a.message),
    })),
    timeline,
    allowedStatuses: [...LEAD_STATUS_MOVES[doc.status]],
    can: {
      changeStatus: hasPermission(reader.roles, 'leads:update') && (seesAllLeads(reader) || mine) && !isFinalLeadStatus(doc.status),
      assign: hasPermission(reader.roles, 'leads:assign') && !isFinalLeadStatus(doc.status),
    },
  };
};

/** Advisors one may assign a lead to: enabled accounts holding the advisor role. */
export const listAdvisors = async (store: ReadStore) => {
  const docs = await store
    .collection<{ _id: string; [k: string]: unknown }>('users')
    .find({ roles: 'advisor', disabled: false }, { sort: { name: 1, _id: 1 } });
  return { items: docs.filter((d) => typeof d.email === 'string').map((d) => ({ id: d._id, name: fullName(d) ?? String(d.email), email: String(d.email) })) };
};

export const advisorById = async (store: ReadStore, advisorId: string) => (await listAdvisors(store)).items.find((a) => a.id === advisorId) ?? null;
