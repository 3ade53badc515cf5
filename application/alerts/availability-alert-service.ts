import { alertsStream, availabilityAlertsDecider, waitingAlertFor, type AlertTarget } from '../../domain/alerts/availability-alerts';
import { assertProcessingAllowed } from '../personal-data/processing-guard';
import type { ExistingUnit, UnitEvent } from '../../domain/catalog/unit';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import DataLoader from 'dataloader';
import { waitingAlertsForUnits, type FreedUnit, type WaitingAlert } from '../../read-models/alerts/alerts.queries';
import type { CatalogService } from '../catalog/catalog-service';
import { foldStream, handleCommand } from '../../kernel/command-handling/handle-command';
import type { Buyer } from '../leads/buyer';
import type { Clock, IdGenerator } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { Mailer } from '../../kernel/ports/mailer';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { EventHandler } from '../../kernel/projections/event-handler';

export interface AlertRequest {
  readonly projectId: string;
  readonly unitId?: string;
}

type Log = (message: string, error?: unknown) => void;

const SYSTEM = 'system:alerts';

const reservable = (unit: ExistingUnit): boolean => unit.status === 'not_reserved' && unit.enabled;

/**
 * Availability alerts: a buyer asks to be told when a unit (or any unit of a project) is free, and is
 * mailed once when it is. The subscription follows the unit events that can make a unit reservable
 * (a hold released, a unit enabled or added) and looks up the alerts waiting for it.
 */
export class AvailabilityAlertService {
  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly catalog: CatalogService,
    private readonly mailer: Mailer,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly log: Log = () => undefined,
  ) {}

  /**
   * The lookups of units freed at the same moment (the distributed projector delivers a batch's streams at once)
   * go as one query. Batching only, never a cache: each lookup is answered by a query sent after it was asked.
   */
  private readonly waiting = new DataLoader<FreedUnit, WaitingAlert[]>((units) => waitingAlertsForUnits(this.store, units), { cache: false });

  /** Sets the alert, or answers the one already waiting for the same unit or project. */
  async set(buyer: Buyer, request: AlertRequest, meta: CommandMetadata) {
    await assertProcessingAllowed(this.events, buyer.userId);
    const target = await this.targetOf(request);
    const stream = alertsStream(buyer.userId);
    const alertId = this.ids.newId();
    const result = await handleCommand(
      this.events,
      stream,
      availabilityAlertsDecider,
      { type: 'SetAvailabilityAlert', alertId, userId: buyer.userId, email: buyer.email, name: buyer.name, target },
      meta,
    );
    // Nothing written: an alert for this target already waited (perhaps set by a concurrent request): answer it.
    const kept = result.events.length > 0 ? undefined : waitingAlertFor(foldStream(availabilityAlertsDecider, await this.events.readStream(stream)), target);
    return {
      alert: { id: kept?.alertId ?? alertId, ...target, status: 'active' as const, createdAt: kept?.setAt ?? meta.now.toISOString() },
      position: result.position,
    };
  }

  async remove(buyer: Buyer, alertId: string, meta: CommandMetadata) {
    return handleCommand(
      this.events,
      alertsStream(buyer.userId),
      availabilityAlertsDecider,
      { type: 'RemoveAvailabilityAlert', alertId, userId: buyer.userId },
      meta,
    );
  }

  private async targetOf(request: AlertRequest): Promise<AlertTarget> {
    const project = await this.catalog.project(request.projectId);
    if (project.status !== 'enabled') throw new DomainError('NOT_FOUND', 'project');
    const base = { projectId: request.projectId, projectName: project.details.name };
    if (request.unitId === undefined) return { ...base, unitId: null, unitNumber: null };
    const unit = await this.catalog.unit(request.unitId);
    if (unit.status === 'absent' || unit.projectId !== request.projectId) throw new DomainError('NOT_FOUND', 'unit');
    // Sold is final: no alert could ever be answered.
    if (unit.status === 'sold') throw new DomainError('PROPERTY_NOT_AVAILABLE', 'unit sold');
    if (reservable(unit))
      throw new DomainError('BUSINESS_RULE_VIOLATION', 'unit is available', [
        { field: 'unitId', code: 'BUSINESS_RULE_VIOLATION', message: 'La unidad está disponible: puede reservarla ahora.' },
      ]);
    return { ...base, unitId: unit.unitId, unitNumber: unit.spec.unitNumber };
  }

  /**
   * A unit may have become reservable: tell every buyer whose alert waited for it (set before the unit
   * was freed), once. Mailed first and recorded after, like the receipts: a crash in between can at worst
   * mail twice, never lose the notice. A unit held again meanwhile tells nobody; the alerts keep waiting.
   */
  async unitFreed(projectId: string, unitId: string, freedAt: string, cause: Pick<CommandMetadata, 'correlationId' | 'causationId'>): Promise<number> {
    // The index lookup first: most freed units (and every unit the seed adds) have nobody waiting.
    const waiting = await this.waiting.load({ projectId, unitId });
    if (waiting.length === 0) return 0;
    const unit = await this.catalog.unit(unitId);
    if (unit.status === 'absent' || !reservable(unit)) return 0;
    const project = await this.catalog.project(unit.projectId);
    if (project.status !== 'enabled') return 0;
    let told = 0;
    for (const { alertId, userId } of waiting) {
      const stream = alertsStream(userId);
      const alert = foldStream(availabilityAlertsDecider, await this.events.readStream(stream)).alerts.get(alertId);
      // Replayed or late events must not answer an alert set after the unit was freed.
      if (!alert || alert.notified || alert.setAt > freedAt) continue;
      await this.mailer.send({
        to: alert.email,
        subjectId: userId,
        template: 'availability_alert',
        idempotencyKey: `alert-${alertId}-${freedAt}`,
        variables: {
          name: alert.name,
          projectName: project.details.name,
          unitNumber: unit.spec.unitNumber,
          availability: alert.unitId
            ? `La unidad ${unit.spec.unitNumber} del proyecto ${project.details.name} vuelve a estar disponible.`
            : `Hay una unidad disponible en el proyecto ${project.details.name}: la unidad ${unit.spec.unitNumber} (${unit.spec.typology}).`,
          link: `${this.publicUrl}/projects/${encodeURIComponent(unit.projectId)}?unit=${encodeURIComponent(unitId)}`,
        },
      });
      await handleCommand(
        this.events,
        stream,
        availabilityAlertsDecider,
        { type: 'RecordAlertNotified', alertId, userId, unitId, unitNumber: unit.spec.unitNumber, sentTo: alert.email },
        { now: this.clock.now(), actorId: SYSTEM, actorRoles: [], ...cause },
      );
      told++;
    }
    return told;
  }

  /** The event-handler side: the read side delivers every freed unit (at least once, checkpointed). */
  handler(): EventHandler<Extract<UnitEvent, { type: 'UnitHoldReleased' | 'UnitEnabled' | 'UnitAdded' }>> {
    return {
      name: 'availability-alerts-process',
      categories: ['unit'],
      eventTypes: ['UnitHoldReleased', 'UnitEnabled', 'UnitAdded'],
      handle: async (event) => {
        const unitId = event.data.unitId;
        try {
          // The domain's own time of the release (the clock commands run on), not the store's write time.
          const freedAt = event.type === 'UnitHoldReleased' ? event.data.releasedAt : event.type === 'UnitEnabled' ? event.data.enabledAt : event.data.addedAt;
          await this.unitFreed(event.data.projectId, unitId, freedAt, {
            correlationId: event.metadata.correlationId,
            causationId: `${event.streamId}@${event.revision}`,
          });
        } catch (error) {
          // A business refusal will not go away by retrying; anything else (I/O, SMTP) is retried by the runner.
          if (!(error instanceof DomainError)) throw error;
          this.log(`alerts for unit ${unitId}: ${event.type} not followed up (${error.code})`, error);
        }
      },
    };
  }
}
