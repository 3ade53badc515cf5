import { handleCommand, type CommandResult } from '../../kernel/command-handling/handle-command';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { Mailer } from '../../kernel/ports/mailer';
import type { AccountService } from '../accounts/account-service';
import type { CommandMetadata } from '../../domain/shared/event';
import { DomainError } from '../../domain/shared/errors';
import type { ChileTerritory } from '../../domain/reference/chile-territory';
import { companyDecider, companyStream } from '../../domain/companies/company';
import { companyMembershipDecider, companyMembershipStream } from '../../domain/companies/company-membership';
import {
  companyRegistrationStream,
  type CompanyRegistrationEvent,
  type RegistrationApplication,
  type RegistrationDocument,
} from '../../domain/companies/company-registration';
import { companyRegistrationDecider } from '../../domain/companies/company-registration.decide';
import { registrationApprovedMail, registrationReceivedMail, registrationRejectedMail } from './registration-mails';

/** A company id from its name: readable in URLs, unique by a short suffix. */
const companyIdFor = (name: string, suffix: string): string =>
  `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)}-${suffix.slice(0, 6)}`;

/**
 * The company registration wizard and its review (spec §2, §3): the applicant's draft, its legal documents,
 * the submission, and the back office's approval (company, first company user with an invitation,
 * membership) or rejection (reason mailed).
 */
export class CompanyRegistrationService {
  constructor(
    private readonly events: EventStore,
    private readonly accounts: AccountService,
    private readonly mailer: Mailer,
    private readonly ids: IdGenerator,
    private readonly territory: () => ChileTerritory,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  private decide(
    registrationId: string,
    command: Parameters<typeof companyRegistrationDecider.decide>[0],
    meta: CommandMetadata,
  ): Promise<CommandResult<CompanyRegistrationEvent>> {
    return handleCommand(this.events, companyRegistrationStream(registrationId), companyRegistrationDecider, command, meta);
  }

  private async application(registrationId: string) {
    const { state } = await loadStream(this.events, companyRegistrationStream(registrationId), companyRegistrationDecider);
    if (state.status === 'none') throw new DomainError('NOT_FOUND', 'company registration');
    return state;
  }

  async start(application: RegistrationApplication, meta: CommandMetadata): Promise<{ registrationId: string; position: number }> {
    const registrationId = this.ids.newId();
    const result = await this.decide(registrationId, { type: 'StartCompanyRegistration', registrationId, application, territory: this.territory() }, meta);
    return { registrationId, position: result.position };
  }

  /** Only while the application is a draft; the file is stored before this is called. */
  addDocument(registrationId: string, document: RegistrationDocument, meta: CommandMetadata) {
    return this.decide(registrationId, { type: 'AddRegistrationDocument', ...document }, meta);
  }

  async submit(registrationId: string, meta: CommandMetadata, acceptances?: RegistrationApplication['acceptances']) {
    const result = await this.decide(registrationId, { type: 'SubmitCompanyRegistration', acceptances }, meta);
    if (result.events.length) {
      const { application } = await this.application(registrationId);
      await this.mailer
        .send({
          ...registrationReceivedMail(application.contact.email, application.company.name),
          subjectId: registrationId,
          idempotencyKey: `registration-received-${registrationId}`,
        })
        .catch((error) => this.log('registration received mail failed', error));
    }
    return result;
  }

  /**
   * Approval creates the real-estate company, opens the legal representative's company account (invited to
   * choose a password) and makes them a member. Each step is idempotent or keyed by the registration, so an
   * approval interrupted half-way completes when repeated.
   */
  async approve(registrationId: string, meta: CommandMetadata) {
    const state = await this.application(registrationId);
    if (state.status === 'approved') return this.decide(registrationId, { type: 'ApproveCompanyRegistration', companyId: '', userId: '' }, meta);
    if (state.status !== 'submitted') throw new DomainError('BUSINESS_RULE_VIOLATION', `registration is ${state.status}`);
    const { company, contact, legalRepresentative: rep } = state.application;
    const companyId = companyIdFor(company.name, registrationId);
    await handleCommand(
      this.events,
      companyStream(companyId),
      companyDecider,
      {
        type: 'RegisterCompany',
        companyId,
        name: company.name,
        rut: company.rut,
        kind: 'real_estate',
        description: company.description,
        contactEmail: contact.email,
        contactPhone: contact.phone,
      },
      meta,
    );
    const invited = await this.accounts
      .invite(
        {
          email: rep.email,
          rut: rep.rut,
          name: rep.name,
          firstLastName: rep.firstLastName,
          secondLastName: rep.secondLastName,
          phone: rep.phone,
          post: 'Representante legal',
        },
        ['company'],
        (link) => registrationApprovedMail(rep.email, company.name, rep.name, link),
        meta,
      )
      .catch((error: unknown) => {
        if (error instanceof DomainError && (error.code === 'EMAIL_ALREADY_EXISTS' || error.code === 'RUT_ALREADY_EXISTS'))
          throw new DomainError('BUSINESS_RULE_VIOLATION', 'representative has an account', [
            {
              field: 'legalRepresentative',
              code: 'BUSINESS_RULE_VIOLATION',
              message: 'El representante legal ya tiene una cuenta en la plataforma: asígnele la empresa desde Usuarios.',
            },
          ]);
        throw error;
      });
    await handleCommand(
      this.events,
      companyMembershipStream(invited.userId),
      companyMembershipDecider,
      { type: 'GrantCompanyMembership', userId: invited.userId, companyId },
      meta,
    );
    return this.decide(registrationId, { type: 'ApproveCompanyRegistration', companyId, userId: invited.userId }, meta);
  }

  /** A document of an application, for the reviewer's download. */
  async document(registrationId: string, documentId: string): Promise<RegistrationDocument | null> {
    const { state } = await loadStream(this.events, companyRegistrationStream(registrationId), companyRegistrationDecider);
    return state.status === 'none' ? null : (state.documents.find((d) => d.documentId === documentId) ?? null);
  }

  async reject(registrationId: string, reason: string, meta: CommandMetadata) {
    const result = await this.decide(registrationId, { type: 'RejectCompanyRegistration', reason }, meta);
    if (result.events.length) {
      const { application } = await this.application(registrationId);
      await this.mailer
        .send({
          ...registrationRejectedMail(application.contact.email, application.company.name, reason.trim()),
          subjectId: registrationId,
          idempotencyKey: `registration-rejected-${registrationId}`,
        })
        .catch((error) => this.log('registration rejected mail failed', error));
    }
    return result;
  }
}
