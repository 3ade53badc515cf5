import { companyRegistrationStream } from '../../domain/companies/company-registration';
import { abandonedRegistrations, scrubErasedRegistration } from '../../read-models/company-registrations/company-registrations.queries';
import type { Clock } from '../ports/clock';
import type { EventStore } from '../ports/event-store';
import type { FileStore } from '../ports/file-store';
import type { KeyStore } from '../ports/key-store';
import type { ReadStore } from '../ports/read-store';
import { eraseSubject } from './erase-subject';
import { every, type PeriodicJob } from '../scheduling/periodic-job';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Retention of abandoned company registrations (Ley 21.719, proporcionalidad): a registration never
 * approved nor rejected (a draft, or submitted and never decided) started more than `retentionDays` ago is
 * erased by the same mechanism as the leads' (lead-retention.ts): its key shredded (the applicant's contact,
 * legal representative and bank holder read "titular suprimido"), `PersonalDataErased` recorded, its
 * uploaded documents deleted and its read-model copy scrubbed; each one logged by id.
 */
export class RegistrationRetention {
  private job: PeriodicJob | null = null;

  constructor(
    private readonly deps: { events: EventStore; keys: KeyStore; readStore: ReadStore; files: Pick<FileStore, 'delete'>; clock: Clock },
    private readonly retentionDays: number,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  async sweep(now: Date = this.deps.clock.now()): Promise<string[]> {
    if (this.retentionDays <= 0) return [];
    const before = new Date(now.getTime() - this.retentionDays * DAY_MS).toISOString();
    const stale = await abandonedRegistrations(this.deps.readStore, before);
    const erased: string[] = [];
    for (const registration of stale) {
      const id = registration._id;
      const meta = { now, actorId: 'system:registration-retention', actorRoles: [], correlationId: `registration-retention-${id}` };
      const fileRefs = (await this.deps.events.readStream(companyRegistrationStream(id)))
        .filter((e) => e.type === 'CompanyRegistrationDocumentAdded')
        .map((e) => String(e.data.fileRef));
      for (const fileRef of fileRefs) await this.deps.files.delete(fileRef);
      await eraseSubject(this.deps, id, meta);
      await scrubErasedRegistration(this.deps.readStore, id, now.toISOString());
      this.log(
        `registration retention: company registration ${id} erased (${String(registration.status)}, started ${String(registration.startedAt)}, ${fileRefs.length} document(s) deleted, retention ${this.retentionDays} days)`,
      );
      erased.push(id);
    }
    if (erased.length > 0) await this.deps.readStore.purgeDeletedBytes?.();
    return erased;
  }

  start(intervalMs: number): void {
    if (this.retentionDays <= 0) return;
    this.job = every(
      intervalMs,
      () => this.sweep(),
      (error) => this.log('registration retention sweep failed', error),
    );
  }

  async stop(): Promise<void> {
    await this.job?.stop();
  }
}
