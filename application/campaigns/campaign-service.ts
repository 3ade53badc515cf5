import { handleCommand, type CommandResult } from '../../kernel/command-handling/handle-command';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { CommandMetadata } from '../../domain/shared/event';
import { DomainError } from '../../domain/shared/errors';
import { parseRut } from '../../domain/shared/rut';
import { campaignStream, type CampaignDetails, type CampaignEvent, type EditableCampaignDetails } from '../../domain/campaigns/campaign';
import { campaignDecider, type CampaignCommand } from '../../domain/campaigns/campaign.decide';
import { activeCollaboratorsOf } from '../../read-models/collaborators/collaborators.queries';

export type CampaignTransition = 'launch' | 'pause' | 'resume' | 'end' | 'eliminate';

const COMMAND_OF: Record<Exclude<CampaignTransition, 'eliminate'>, CampaignCommand['type']> = {
  launch: 'LaunchCampaign',
  pause: 'PauseCampaign',
  resume: 'ResumeCampaign',
  end: 'EndCampaign',
};

/** Any spelling of the same RUT (dots, dash, lower-case k) is the same person. */
const sameRut = (a: string, b: string): boolean => {
  const x = parseRut(a);
  return x !== null && x === parseRut(b);
};

/** Campaigns of partner companies: create, edit, move through their lifecycle, enrol collaborators. */
export class CampaignService {
  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly ids: IdGenerator,
  ) {}

  create(
    details: Pick<CampaignDetails, 'companyId' | 'name' | 'description' | 'startDate' | 'endDate' | 'autoEnrollment' | 'selfEnrollmentByRut'>,
    meta: CommandMetadata,
  ): Promise<CommandResult<CampaignEvent>> {
    const campaignId = this.ids.newId();
    return handleCommand(this.events, campaignStream(campaignId), campaignDecider, { type: 'CreateCampaign', campaignId, ...details }, meta);
  }

  change(campaignId: string, changes: Partial<EditableCampaignDetails>, meta: CommandMetadata, ifMatch: number): Promise<CommandResult<CampaignEvent>> {
    return handleCommand(this.events, campaignStream(campaignId), campaignDecider, { type: 'ChangeCampaignDetails', changes }, meta, { ifMatch });
  }

  /**
   * The lifecycle's moves, as the domain allows them. Launching (or resuming) a campaign with auto enrolment
   * enrols every active collaborator of its company; each enrolment is idempotent, so a repeated launch
   * completes an interrupted one.
   */
  async transition(campaignId: string, move: CampaignTransition, meta: CommandMetadata, reason = ''): Promise<CommandResult<CampaignEvent>> {
    const command: CampaignCommand = move === 'eliminate' ? { type: 'EliminateCampaign', reason } : ({ type: COMMAND_OF[move] } as CampaignCommand);
    const result = await handleCommand(this.events, campaignStream(campaignId), campaignDecider, command, meta);
    if (move !== 'launch' && move !== 'resume') return result;
    const { state } = await loadStream(this.events, campaignStream(campaignId), campaignDecider);
    if (state.status !== 'active' || !state.details.autoEnrollment) return result;
    let last = result;
    for (const { collaboratorId, rut } of await activeCollaboratorsOf(this.store, state.details.companyId)) {
      last = await handleCommand(
        this.events,
        campaignStream(campaignId),
        campaignDecider,
        { type: 'EnrollCollaborator', collaboratorId, rut, via: 'auto' },
        meta,
      );
    }
    return { ...result, position: Math.max(result.position, last.position) };
  }

  /**
   * Enrolment by RUT: staff enrol any collaborator of the campaign's company; a person enrols themselves,
   * with their own RUT, when the campaign accepts self-enrolment.
   */
  async enroll(campaignId: string, rut: string, self: { rut: string } | null, meta: CommandMetadata): Promise<CommandResult<CampaignEvent>> {
    const { state } = await loadStream(this.events, campaignStream(campaignId), campaignDecider);
    if (state.status === 'none') throw new DomainError('NOT_FOUND', 'campaign');
    if (self && !sameRut(self.rut, rut))
      throw new DomainError('VALIDATION_FAILED', 'not own rut', [{ field: 'rut', code: 'INVALID_RUT', message: 'Inscríbase con su propio RUT.' }]);
    const match = (await activeCollaboratorsOf(this.store, state.details.companyId)).find((c) => sameRut(c.rut, rut));
    if (!match)
      throw new DomainError('BUSINESS_RULE_VIOLATION', 'not a collaborator', [
        { field: 'rut', code: 'BUSINESS_RULE_VIOLATION', message: 'El RUT no corresponde a un colaborador activo de la empresa de esta campaña.' },
      ]);
    return handleCommand(
      this.events,
      campaignStream(campaignId),
      campaignDecider,
      { type: 'EnrollCollaborator', collaboratorId: match.collaboratorId, rut: match.rut, via: self ? 'self' : 'admin' },
      meta,
    );
  }
}
