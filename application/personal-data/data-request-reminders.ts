import { dataRequestStream, REMIND_DAYS_BEFORE_DUE } from '../../domain/personal-data/data-request';
import { dataRequestDecider } from '../../domain/personal-data/data-request.decide';
import { openRequestsDueBy } from '../../read-models/data-requests/data-requests.queries';
import { enabledUsersWithRoles } from '../../read-models/users/users.queries';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { every, type PeriodicJob } from '../scheduling/periodic-job';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who answers data requests: the data-protection officers, and the super-admins who may act as one. */
const OFFICER_ROLES = ['data-protection-officer', 'super-admin'];

/**
 * Reminders before the legal due date (Ley 21.719: 30 calendar days). A scheduled check finds open
 * requests due within `REMIND_DAYS_BEFORE_DUE` days not yet reminded, and records `DataRequestDueSoon` on
 * each, naming the officers of that moment; the notification center derives one notification per officer
 * from that event. Recording is idempotent (the decider reminds once), so two servers may sweep at once.
 */
export class DataRequestReminders {
  private job: PeriodicJob | null = null;

  constructor(
    private readonly deps: { events: EventStore; readStore: ReadStore; clock: Clock },
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  async sweep(now: Date = this.deps.clock.now()): Promise<string[]> {
    const horizon = new Date(now.getTime() + REMIND_DAYS_BEFORE_DUE * DAY_MS).toISOString();
    const due = await openRequestsDueBy(this.deps.readStore, horizon);
    if (due.length === 0) return [];
    const officers = await enabledUsersWithRoles(this.deps.readStore, OFFICER_ROLES);
    const reminded: string[] = [];
    for (const request of due) {
      const meta = { now, actorId: 'system:data-request-reminders', actorRoles: [], correlationId: `data-request-reminder-${request._id}` };
      const result = await handleCommand(
        this.deps.events,
        dataRequestStream(request._id),
        dataRequestDecider,
        { type: 'RemindDueSoon', officerIds: officers },
        meta,
      );
      if (result.events.length > 0) {
        this.log(`data request ${request._id} due ${request.dueAt}: ${officers.length} officer(s) reminded`);
        reminded.push(request._id);
      }
    }
    return reminded;
  }

  start(intervalMs: number): void {
    this.job = every(
      intervalMs,
      () => this.sweep(),
      (error) => this.log('data request reminders failed', error),
    );
  }

  async stop(): Promise<void> {
    await this.job?.stop();
  }
}
