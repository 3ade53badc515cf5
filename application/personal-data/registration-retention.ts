import { companyRegistrationStream } from '../../domain/companies/company-registration';
import { abandonedRegistrations, scrubErasedRegistration } from '../../read-models/company-registrations/company-registrations.queries';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { FileStore } from '../../kernel/ports/file-store';
import type { KeyStore } from '../../kernel/ports/key-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { eraseSubject } from './erase-subject';
import { RetentionSweep } from './retention-sweep';

type AbandonedRegistration = Awaited<ReturnType<typeof abandonedRegistrations>>[number];

/**
 * Retention of abandoned company registrations (Ley 21.719, proporcionalidad): a registration never
 * approved nor rejected (a draft, or submitted and never decided) started more than `retentionDays` ago is
 * erased by the same mechanism as the leads' (lead-retention.ts): its key shredded (the applicant's contact,
 * legal representative and bank holder read "titular suprimido"), `PersonalDataErased` recorded, its
 * uploaded documents deleted and its read-model copy scrubbed; each one logged by id.
 */
export class RegistrationRetention extends RetentionSweep<AbandonedRegistration> {
  constructor(
    private readonly deps: { events: EventStore; keys: KeyStore; readStore: ReadStore; files: Pick<FileStore, 'delete'>; clock: Clock },
    retentionDays: number,
    log: (message: string, error?: unknown) => void = () => undefined,
  ) {
    super('registration retention', deps, retentionDays, log);
  }

  protected candidates(before: string): Promise<AbandonedRegistration[]> {
    return abandonedRegistrations(this.deps.readStore, before);
  }

  protected async erase(registration: AbandonedRegistration, now: Date): Promise<void> {
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
  }
}
