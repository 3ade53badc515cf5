import { randomUUID } from 'node:crypto';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { userStream } from '../../domain/accounts/user';
import { userDecider } from '../../domain/accounts/user.decide';
import { userRolesDecider, userRolesStream } from '../../domain/access/user-roles.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { issueToken } from '../../application/accounts/one-time-token';
import type { EventStore } from '../../kernel/ports/event-store';
import type { PasswordHasher } from '../../kernel/ports/password-hasher';
import { companyDecider, companyStream } from '../../domain/companies/company';
import { collaboratorDecider, collaboratorStream } from '../../domain/companies/collaborator';
import { foldStream } from '../../kernel/command-handling/handle-command';
import { DEMO_ACCOUNTS, DEMO_CAMPAIGNS, DEMO_COLLABORATOR, DEMO_COLLABORATORS_PER_COMPANY, DEMO_COMPANIES, DEMO_COMPANY_USER } from './demo-accounts';
import { companyMembershipDecider, companyMembershipStream } from '../../domain/companies/company-membership';
import { campaignDecider } from '../../domain/campaigns/campaign.decide';
import { campaignStream } from '../../domain/campaigns/campaign';
import { computeCheckDigit } from '../../domain/shared/rut';

/**
 * Demo data written through the same commands as real use, so it is ordinary events. Idempotent: an
 * account whose email is already claimed is left alone, so restarts never duplicate anything.
 */
export const seedDemoAccounts = async (events: EventStore, hasher: PasswordHasher, password: string, now = new Date()): Promise<number> => {
  let created = 0;
  const passwordHash = await hasher.hash(password);
  for (const account of DEMO_ACCOUNTS) {
    if ((await events.readStream(identityClaimStream('email', account.email))).length > 0) continue;
    const userId = randomUUID();
    const meta: CommandMetadata = { now, actorId: 'system', actorRoles: [], correlationId: `demo-seed-${userId}` }; // never an email: metadata is not encrypted
    await handleCommand(
      events,
      identityClaimStream('rut', account.rut),
      identityClaimDecider,
      { type: 'ClaimIdentity', kind: 'rut', value: account.rut, userId },
      meta,
    );
    await handleCommand(
      events,
      identityClaimStream('email', account.email),
      identityClaimDecider,
      { type: 'ClaimIdentity', kind: 'email', value: account.email, userId },
      meta,
    );
    const token = issueToken(userId);
    await handleCommand(
      events,
      userStream(userId),
      userDecider,
      {
        type: 'RegisterUser',
        userId,
        email: account.email,
        rut: account.rut,
        profile: {
          name: account.name,
          firstLastName: account.firstLastName,
          secondLastName: account.secondLastName,
          personalEmail: account.email.replace('@demo.cl', '@personal.cl'),
          phone: '+56912345678',
          post: account.post,
        },
        passwordHash,
        verificationTokenHash: token.hash,
        verificationExpiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
      },
      meta,
    );
    await handleCommand(events, userStream(userId), userDecider, { type: 'VerifyEmail', tokenHash: token.hash }, meta);
    await handleCommand(
      events,
      userRolesStream(userId),
      userRolesDecider,
      { type: 'GrantInitialRoles', userId, roles: [...account.roles], reason: 'Cuenta de demostración' },
      meta,
    );
    created++;
  }
  return created;
};

/** Partner companies, the company user's membership and the demo collaborator's enrolment (with the company contribution). */
export const seedDemoCompanies = async (events: EventStore, now = new Date()): Promise<void> => {
  const meta: CommandMetadata = { now, actorId: 'system', actorRoles: [], correlationId: 'demo-seed-companies' };
  for (const company of DEMO_COMPANIES) {
    await handleCommand(events, companyStream(company.companyId), companyDecider, { type: 'RegisterCompany', ...company }, meta);
  }
  const companyUser = foldStream(identityClaimDecider, await events.readStream(identityClaimStream('email', DEMO_COMPANY_USER.email))).ownerId;
  // Granted once: a membership an administrator revoked later is not brought back by a restart.
  if (companyUser && (await events.readStream(companyMembershipStream(companyUser))).length === 0) {
    const grant = { type: 'GrantCompanyMembership' as const, userId: companyUser, companyId: DEMO_COMPANY_USER.companyId };
    await handleCommand(events, companyMembershipStream(companyUser), companyMembershipDecider, grant, meta);
  }
  const owner = foldStream(identityClaimDecider, await events.readStream(identityClaimStream('email', DEMO_COLLABORATOR.email))).ownerId;
  if (!owner) return;
  const account = DEMO_ACCOUNTS.find((a) => a.email === DEMO_COLLABORATOR.email)!;
  const company = DEMO_COMPANIES.find((c) => c.companyId === DEMO_COLLABORATOR.companyId)!;
  await handleCommand(
    events,
    collaboratorStream(DEMO_COLLABORATOR.collaboratorId),
    collaboratorDecider,
    {
      type: 'EnrollCollaborator',
      collaboratorId: DEMO_COLLABORATOR.collaboratorId,
      companyId: company.companyId,
      companyName: company.name,
      userId: owner,
      rut: account.rut,
      name: account.name,
      firstSurname: account.firstLastName,
      secondSurname: account.secondLastName,
      workEmail: account.email,
      personalEmail: account.email.replace('@demo.cl', '@personal.cl'),
      phone: '+56912345678',
      post: 'Analista',
      companyContributionUF: DEMO_COLLABORATOR.companyContributionUF,
      plan: DEMO_COLLABORATOR.plan,
    },
    meta,
  );
};

const FIRST_NAMES = ['Catalina', 'Matías', 'Fernanda', 'Benjamín', 'Antonia', 'Vicente', 'Isidora', 'Tomás', 'Josefa', 'Agustín', 'Florencia', 'Martín'];
const SURNAMES = ['Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales', 'Rodríguez', 'López', 'Fuentes', 'Hernández', 'Torres', 'Araya'];

/**
 * Collaborators of the partner companies and their housing campaigns, through commands. Ids are derived
 * from fixed names, so a restart finds every stream already written and changes nothing.
 */
export const seedDemoCampaigns = async (events: EventStore, now = new Date()): Promise<void> => {
  const meta: CommandMetadata = { now, actorId: 'system', actorRoles: [], correlationId: 'demo-seed-campaigns' };
  const employers = DEMO_COMPANIES.filter((c) => c.kind === 'employer');
  const members = new Map<string, { collaboratorId: string; rut: string }[]>();
  for (const [e, company] of employers.entries()) {
    const list: { collaboratorId: string; rut: string }[] =
      company.companyId === DEMO_COLLABORATOR.companyId
        ? [{ collaboratorId: DEMO_COLLABORATOR.collaboratorId, rut: DEMO_ACCOUNTS.find((a) => a.email === DEMO_COLLABORATOR.email)!.rut }]
        : [];
    for (let i = 0; i < DEMO_COLLABORATORS_PER_COMPANY; i++) {
      const body = String(19_000_000 + e * 100_000 + i * 1_237);
      const rut = `${body}-${computeCheckDigit(body)}`;
      const collaboratorId = `${company.companyId}-${i + 1}`;
      const [name, surname, second] = [FIRST_NAMES[i], SURNAMES[i], SURNAMES[(i + 5) % SURNAMES.length]];
      const slug = `${name}.${surname}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      await handleCommand(
        events,
        collaboratorStream(collaboratorId),
        collaboratorDecider,
        {
          type: 'EnrollCollaborator',
          collaboratorId,
          companyId: company.companyId,
          companyName: company.name,
          userId: null,
          rut,
          name,
          firstSurname: surname,
          secondSurname: second,
          workEmail: `${slug}@${company.contactEmail.split('@')[1]}`,
          personalEmail: `${slug}@correo.cl`,
          phone: `+5698${String(1_000_000 + i * 7_919).slice(0, 7)}`,
          post: i % 3 === 0 ? 'Jefatura' : 'Analista',
          companyContributionUF: 100 + (i % 4) * 25,
          plan: 'Plan Vivienda',
        },
        meta,
      );
      list.push({ collaboratorId, rut });
    }
    members.set(company.companyId, list);
  }
  for (const { launch, ...campaign } of DEMO_CAMPAIGNS) {
    const stream = campaignStream(campaign.campaignId);
    await handleCommand(events, stream, campaignDecider, { type: 'CreateCampaign', ...campaign }, meta);
    if (!launch) continue;
    await handleCommand(events, stream, campaignDecider, { type: 'LaunchCampaign' }, meta);
    for (const m of members.get(campaign.companyId) ?? []) {
      await handleCommand(events, stream, campaignDecider, { type: 'EnrollCollaborator', collaboratorId: m.collaboratorId, rut: m.rut, via: 'auto' }, meta);
    }
  }
};
