import { dataRequestStream, type DataRequestKind } from '../../domain/personal-data/data-request';
import { dataRequestDecider } from '../../domain/personal-data/data-request.decide';
import { processingStream, type ProcessingRestrictions } from '../../domain/personal-data/processing-restrictions';
import { processingRestrictionsDecider } from '../../domain/personal-data/processing-restrictions.decide';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import type { RoleService } from '../access/role-service';
import { foldStream, handleCommand } from '../../kernel/command-handling/handle-command';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { KeyStore } from '../../kernel/ports/key-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { SessionStore } from '../../kernel/ports/session-store';
import { COLLABORATORS, LEADS, USERS, type UserDoc } from '../../read-models/personal-data/personal-data.queries';
import { leadStream } from '../../domain/leads/lead';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { userStream } from '../../domain/accounts/user';
import { userDecider } from '../../domain/accounts/user.decide';
import { eraseSubject } from './erase-subject';
import { isShredded } from '../../kernel/personal-data/pii-codec';
import { legacyLeadIdFor, type LeadIds } from './lead-ids';
import { scrubReadModels } from './scrub-read-models';

export interface DataRequestDeps {
  readonly events: EventStore;
  readonly keys: KeyStore;
  readonly sessions: SessionStore;
  readonly readStore: ReadStore;
  readonly roles: Pick<RoleService, 'disable'>;
  readonly ids: IdGenerator;
  readonly leadIds: LeadIds;
}

/** How a request made from the person's own signed-in session proves who asks. */
const SIGNED_IN_VERIFICATION = 'Sesión autenticada del titular (correo y contraseña)';

/**
 * People's data requests under Ley 21.719 and the officer's answers. Completing an erasure request
 * carries the erasure out before recording the answer, so "completed" is never said of an erasure that
 * did not happen; every step is safe to repeat if one in the middle fails.
 */
export class DataRequestService {
  constructor(private readonly deps: DataRequestDeps) {}

  async submit(subjectId: string, kind: DataRequestKind, details: string, meta: CommandMetadata): Promise<{ requestId: string; position: number }> {
    const requestId = this.deps.ids.newId();
    const stream = dataRequestStream(requestId);
    await handleCommand(this.deps.events, stream, dataRequestDecider, { type: 'SubmitDataRequest', requestId, subjectId, kind, details }, meta);
    // The person asked from their own session, which already proved who they are: that is the verification.
    const verified = await handleCommand(
      this.deps.events,
      stream,
      dataRequestDecider,
      { type: 'VerifyRequesterIdentity', method: SIGNED_IN_VERIFICATION },
      meta,
    );
    return { requestId, position: verified.position };
  }

  async verifyIdentity(requestId: string, method: string, meta: CommandMetadata): Promise<{ position: number }> {
    const result = await handleCommand(this.deps.events, dataRequestStream(requestId), dataRequestDecider, { type: 'VerifyRequesterIdentity', method }, meta);
    return { position: result.position };
  }

  async reject(requestId: string, reason: string, meta: CommandMetadata): Promise<{ position: number }> {
    const result = await handleCommand(this.deps.events, dataRequestStream(requestId), dataRequestDecider, { type: 'RejectDataRequest', reason }, meta);
    return { position: result.position };
  }

  async complete(requestId: string, answer: { outcome: string; evidence: string }, meta: CommandMetadata): Promise<{ position: number }> {
    const stream = dataRequestStream(requestId);
    const state = foldStream(dataRequestDecider, await this.deps.events.readStream(stream));
    const command = { type: 'CompleteDataRequest', ...answer } as const;
    // Ask the domain first: a request that may not be completed must not erase anybody.
    dataRequestDecider.decide(command, state, meta);
    if (state.status === 'none') throw new DomainError('NOT_FOUND', 'data request');
    let evidence = answer.evidence;
    if (state.kind === 'erasure') evidence = `${evidence}\n${await this.erase(state.subjectId, meta)}`.trim();
    // Opposition and blocking take effect as facts about the person, traced to the request that asked.
    if (state.kind === 'blocking' || state.kind === 'opposition') {
      const restriction = {
        type: state.kind === 'blocking' ? 'BlockProcessing' : 'OpposeMarketing',
        userId: state.subjectId,
        requestId,
        reason: answer.outcome,
      } as const;
      await handleCommand(this.deps.events, processingStream(state.subjectId), processingRestrictionsDecider, restriction, meta);
    }
    const result = await handleCommand(this.deps.events, stream, dataRequestDecider, { ...command, evidence }, meta);
    return { position: result.position };
  }

  /**
   * The email and RUT the erased account held are released, so the person may register again (a new
   * account, a new subject: nothing of the erased one comes back). Released before the key is shredded,
   * while the account's email and RUT can still be read; the release events are sealed like the claims.
   */
  private async releaseIdentityClaims(userId: string, meta: CommandMetadata): Promise<void> {
    const user = foldStream(userDecider, await this.deps.events.readStream(userStream(userId)));
    if (user.status === 'unregistered') return;
    for (const [kind, value] of [
      ['email', user.email],
      ['rut', user.rut],
    ] as const)
      if (value && !isShredded(value))
        await handleCommand(this.deps.events, identityClaimStream(kind, value), identityClaimDecider, { type: 'ReleaseIdentity', kind, value, userId }, meta);
  }

  /** The person's leads: by the keyed (and old) id of their emails, and by account in the leads read model. */
  async leadsOf(userId: string): Promise<string[]> {
    const store = this.deps.readStore;
    const user = await store.collection<UserDoc>(USERS).findOne({ _id: userId });
    const emails = [user?.email, user?.personalEmail].filter((e): e is string => typeof e === 'string' && e.includes('@'));
    const leads = new Set<string>();
    for (const email of emails)
      for (const leadId of [this.deps.leadIds.idFor(email), legacyLeadIdFor(email)])
        if ((await this.deps.events.readStream(leadStream(leadId))).length > 0) leads.add(leadId);
    for (const lead of await store.collection(LEADS).find({ userId })) leads.add(lead._id);
    return [...leads].sort();
  }

  /** Leads and collaborator records of the person: subjects of their own, erased with the account. */
  private async otherSubjectsOf(userId: string): Promise<string[]> {
    const store = this.deps.readStore;
    const user = await store.collection<UserDoc>(USERS).findOne({ _id: userId });
    const emails = [user?.email, user?.personalEmail].filter((e): e is string => typeof e === 'string' && e.includes('@'));
    const subjects = new Set<string>();
    for (const email of emails)
      for (const leadId of [this.deps.leadIds.idFor(email), legacyLeadIdFor(email)])
        if ((await this.deps.events.readStream(leadStream(leadId))).length > 0) subjects.add(leadId);
    const leadFilter = emails.length ? { $or: [{ userId }, { email: { $in: emails } }] } : { userId };
    for (const lead of await store.collection(LEADS).find(leadFilter)) subjects.add(lead._id);
    for (const collaborator of await store.collection(COLLABORATORS).find({ userId })) subjects.add(collaborator._id);
    subjects.delete(userId);
    return [...subjects].sort();
  }

  /**
   * Lifts the block a completed blocking request put in place (the person asked, or its reason ended);
   * the lifting names that request and why, and is part of the person's restrictions history.
   */
  async liftBlock(requestId: string, reason: string, meta: CommandMetadata): Promise<{ position: number }> {
    const state = foldStream(dataRequestDecider, await this.deps.events.readStream(dataRequestStream(requestId)));
    if (state.status === 'none') throw new DomainError('NOT_FOUND', 'data request');
    if (state.kind !== 'blocking' || state.status !== 'completed')
      throw new DomainError('BUSINESS_RULE_VIOLATION', 'not a completed blocking request', [
        { field: 'id', code: 'BUSINESS_RULE_VIOLATION', message: 'Solo se levanta un bloqueo desde la solicitud de bloqueo que lo estableció.' },
      ]);
    const command = { type: 'LiftProcessingBlock', userId: state.subjectId, requestId, reason } as const;
    const result = await handleCommand(this.deps.events, processingStream(state.subjectId), processingRestrictionsDecider, command, meta);
    return { position: result.position };
  }

  /** The person's processing restrictions, strongly consistent (read from their stream). */
  async restrictionsOf(userId: string): Promise<ProcessingRestrictions> {
    return foldStream(processingRestrictionsDecider, await this.deps.events.readStream(processingStream(userId)));
  }

  /**
   * The erasure itself. The account is closed first (the hierarchy applies: an officer cannot close an
   * admin's account, so that request fails before anything is destroyed); then the key is shredded, the
   * sessions deleted and the read models scrubbed; then the files' freed bytes are purged.
   * Returns what was done, in words, as the request's evidence.
   */
  private async erase(subjectId: string, meta: CommandMetadata): Promise<string> {
    await this.deps.roles.disable(subjectId, 'Supresión de datos personales (Ley 21.719)', meta);
    // The person's other subjects are found while their data can still be read: their leads (by email and
    // by account) and the collaborator records their employer enrolled.
    const others = await this.otherSubjectsOf(subjectId);
    await this.releaseIdentityClaims(subjectId, meta);
    const erasure = await eraseSubject(this.deps, subjectId, meta);
    for (const other of others) await eraseSubject(this.deps, other, meta);
    const sessions = await this.deps.sessions.countByUser(subjectId, meta.now.toISOString());
    await this.deps.sessions.deleteByUser(subjectId);
    const scrub = await scrubReadModels(this.deps.readStore, subjectId, others);
    await this.deps.readStore.purgeDeletedBytes();
    await this.deps.sessions.purgeDeletedBytes();
    return [
      `Clave del titular destruida${erasure.erased ? '' : ' (ya lo estaba)'}; cuenta deshabilitada.`,
      `Otros registros suyos con clave destruida (leads, colaborador): ${others.length}.`,
      `Sesiones eliminadas: ${sessions}. Favoritos eliminados: ${scrub.favoritesDeleted}. Alertas eliminadas: ${scrub.alertsDeleted}.`,
      `Reservas anonimizadas: ${scrub.reservationsScrubbed}. Cotizaciones: ${scrub.quotesScrubbed}. Leads: ${scrub.leadsScrubbed}.`,
    ].join('\n');
  }
}
