import { userRolesStream } from '../../domain/access/user-roles.decide';
import { userStream } from '../../domain/accounts/user';
import { campaignStream } from '../../domain/campaigns/campaign';
import { evolveProject, initialProjectState, projectStream, type ProjectEvent } from '../../domain/catalog/project';
import { unitStream } from '../../domain/catalog/unit';
import { companyStream } from '../../domain/companies/company';
import { leadStream } from '../../domain/leads/lead';
import { reservationStream } from '../../domain/reservations/reservation';
import { DomainError } from '../../domain/shared/errors';
import type { HistoryEntityName } from '../../contract/audit';
import { usersByIds } from '../../read-models/users/users.queries';
import type { EventStore, RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { isShredded, SHREDDED_TEXT } from '../../kernel/personal-data/pii-codec';
import { isPlumbingField } from '../../contract/display-text';
import { EVENT_LABELS, eventLabel, isHistoryEventType, reasonLabel } from './event-labels';

export type HistoryEntity = HistoryEntityName;

/** Who did it: a person of the platform (their name, or "titular suprimido" once erased); null for the system. */
export type HistoryActor = { id: string; name: string } | null;
export type HistoryChange = { field: string; before: unknown; after: unknown };
export interface HistoryItem {
  at: string;
  event: string;
  type: string;
  actor: HistoryActor;
  reason: string | null;
  changes: HistoryChange[];
}

/** Who reads: staff read every entity; a company user only its own company's projects and units. */
export type HistoryViewer = { readonly all: true } | { readonly all: false; readonly companyId: string | null };

/** The stream(s) an entity's history is read from: a user is its account and its roles. */
const STREAMS: Record<HistoryEntity, (id: string) => string[]> = {
  project: (id) => [projectStream(id)],
  unit: (id) => [unitStream(id)],
  reservation: (id) => [reservationStream(id)],
  campaign: (id) => [campaignStream(id)],
  lead: (id) => [leadStream(id)],
  user: (id) => [userStream(id), userRolesStream(id)],
  company: (id) => [companyStream(id)],
};

const ANONYMOUS_ACTOR_NAME = 'Visitante sin sesión';
const UNKNOWN_ACTOR_NAME = 'Usuario desconocido';

const isSystem = (actorId: string): boolean => actorId === 'system' || actorId.startsWith('system:') || actorId === 'import-check';

/** Secrets and plumbing never shown: hashes, gateway tokens and URLs, who-did-it fields (the actor says it), instants. */
const HIDDEN = /(hash|token|url|sessionid|by|byroles)$/i;
const KEPT_INSTANTS = new Set(['holdExpiresAt']);
const isHidden = (key: string, entityId: string, value: unknown): boolean =>
  HIDDEN.test(key) ||
  isPlumbingField(key) ||
  (key.endsWith('At') && !KEPT_INSTANTS.has(key)) ||
  key === 'reason' ||
  key === 'note' ||
  key === 'previous' ||
  value === entityId ||
  key === 'changeType';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields an event states, flattened one level where it carries `changes`; role changes and status moves as one field. */
const statedFields = (event: RecordedEvent, entityId: string): [string, unknown][] => {
  const data = event.data;
  if (Array.isArray(data.newRoles)) return [['roles', data.newRoles]];
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'changes' && value && typeof value === 'object') {
      for (const [field, after] of Object.entries(value as Record<string, unknown>)) if (!isHidden(field, entityId, after)) out.push([field, after]);
    } else if ((key === 'from' || key === 'to') && 'from' in data && 'to' in data) {
      // A move between two states (a lead's status): one "Estado" field, before and after.
      if (key === 'to') out.push(['status', value]);
    } else if (key === 'added' || key === 'removed' || key === 'previousRoles') {
      // role changes are stated by `newRoles` above
    } else if (!isHidden(key, entityId, value)) out.push([key, value]);
  }
  const sets = isHistoryEventType(event.type) ? EVENT_LABELS[event.type].sets : undefined;
  return [...Object.entries(sets ?? {}), ...out];
};

/** Before/after of every field the event changed, from what the stream said before it (oldest first). */
const withChanges = (events: readonly RecordedEvent[], entityId: string): { event: RecordedEvent; changes: HistoryChange[] }[] => {
  const known = new Map<string, unknown>();
  return events.map((event) => {
    const previous = (event.data.previous ?? {}) as Record<string, unknown>;
    if (Array.isArray(event.data.previousRoles) && !known.has('roles')) known.set('roles', event.data.previousRoles);
    if (typeof event.data.from === 'string' && !known.has('status')) known.set('status', event.data.from);
    const changes: HistoryChange[] = [];
    for (const [field, after] of statedFields(event, entityId)) {
      const before = known.has(field) ? known.get(field) : (previous[field] ?? null);
      if (!same(before, after)) changes.push({ field, before: before ?? null, after });
      known.set(field, after);
    }
    return { event, changes };
  });
};

const reasonOf = (event: RecordedEvent): string | null => {
  const { reason, code, note } = event.data;
  // A coded reason with the words staff wrote (a cancellation by staff): both are the why.
  if (typeof reason === 'string' && typeof note === 'string' && note.trim()) return `${reasonLabel(reason)}: ${note}`;
  if (typeof reason === 'string' && reason.trim()) return reasonLabel(reason);
  if (event.type === 'ReservationRejected' && typeof code === 'string') return reasonLabel(code);
  return null;
};

/**
 * An entity's history, newest first, read from its stream(s) through the event store (through the
 * encrypting decorator: personal data comes out in clear, or "titular suprimido" once its key is shredded).
 * Nothing here writes: the history is the log itself.
 */
export class EntityHistory {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
  ) {}

  async read(entity: HistoryEntity, id: string, viewer: HistoryViewer): Promise<{ items: HistoryItem[] }> {
    if (!viewer.all && !(await this.visibleToCompany(entity, id, viewer.companyId))) throw new DomainError('NOT_FOUND', `${entity} ${id}`);
    const perStream = await Promise.all(STREAMS[entity](id).map((s) => this.events.readStream(s)));
    if (perStream.every((events) => events.length === 0)) throw new DomainError('NOT_FOUND', `${entity} ${id}`);
    const rows = perStream.flatMap((events) => withChanges(events, id));
    rows.sort((a, b) => b.event.globalPosition - a.event.globalPosition);
    const actors = await this.actors(rows.map((r) => r.event.metadata.actorId));
    return {
      items: rows.map(({ event, changes }) => ({
        at: event.metadata.occurredAt,
        event: eventLabel(event.type),
        type: event.type,
        actor: actors(event.metadata.actorId),
        reason: reasonOf(event),
        changes,
      })),
    };
  }

  /** Names of the actors from the users read model (scrubbed to "titular suprimido" on erasure). */
  async actors(actorIds: readonly string[]): Promise<(actorId: string) => HistoryActor> {
    const people = await usersByIds(
      this.readStore,
      actorIds.filter((a) => !isSystem(a) && a !== 'anonymous'),
    );
    return (actorId) => {
      if (isSystem(actorId)) return null;
      if (actorId === 'anonymous') return { id: actorId, name: ANONYMOUS_ACTOR_NAME };
      const person = people.get(actorId);
      if (!person) return { id: actorId, name: UNKNOWN_ACTOR_NAME };
      if (isShredded(person.name)) return { id: actorId, name: SHREDDED_TEXT };
      return { id: actorId, name: [person.name, person.firstLastName, person.secondLastName].filter((p) => p && !isShredded(p)).join(' ') };
    };
  }

  private async visibleToCompany(entity: HistoryEntity, id: string, companyId: string | null): Promise<boolean> {
    if (!companyId) return false;
    let projectId = id;
    if (entity === 'unit') {
      const added = (await this.events.readStream(unitStream(id)))[0];
      if (!added) return false;
      projectId = String(added.data.projectId);
    } else if (entity !== 'project') return false;
    const events = await this.events.readStream(projectStream(projectId));
    const project = events.reduce((state, e) => evolveProject(state, { type: e.type, data: e.data } as ProjectEvent), initialProjectState());
    return project.status !== 'none' && project.details.realEstate.companyId === companyId;
  }
}
