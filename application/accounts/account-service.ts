import { randomBytes } from 'node:crypto';
import type { SignUp } from '../../contract/auth';
import { processingStream } from '../../domain/personal-data/processing-restrictions';
import { processingRestrictionsDecider } from '../../domain/personal-data/processing-restrictions.decide';
import { MARKETING_CONSENT_TEXT } from '../personal-data/privacy-preferences';
import { legalVersionsInForce } from '../content/legal-versions';
import { legalAcceptanceDecider, legalAcceptanceStream } from '../../domain/content/legal-acceptance';
import { identityClaimDecider, identityClaimStream, type IdentityKind } from '../../domain/accounts/identity-claim';
import { userStream, type RegisteredUser, type UserProfile, type UserState } from '../../domain/accounts/user';
import { userDecider, type UserCommand } from '../../domain/accounts/user.decide';
import { DEFAULT_ROLE } from '../../domain/shared/roles';
import { userRolesDecider, userRolesStream } from '../../domain/access/user-roles.decide';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { parseEmail } from '../../domain/shared/email';
import { parseChileanPhone } from '../../domain/shared/phone';
import { parseRut } from '../../domain/shared/rut';
import { loginIdentity } from '../../domain/accounts/login-identifier';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { foldStream, handleCommand } from '../../kernel/command-handling/handle-command';
import { linkBase, type AppConfig } from '../config';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { Mailer } from '../../kernel/ports/mailer';
import type { PasswordHasher } from '../../kernel/ports/password-hasher';
import { resetMail, verificationMail } from './account-mails';
import { DeferredWork } from './deferred-work';
import { isCommonPassword } from '../../domain/shared/password-common-list';
import { PASSWORD_MESSAGES, passwordProblem, type PasswordOwner } from '../../domain/shared/password-policy';
import { issueToken, readToken } from './one-time-token';
import type { MailDraft } from '../../kernel/ports/mailer';

/** The sign-up form as the contract validates it, less what the edge alone checks (the confirmation and the terms box). */
export type RegistrationInput = Omit<SignUp, 'passwordConfirmation' | 'termsAccepted'>;

export interface Principal {
  readonly user: RegisteredUser;
  readonly roles: readonly string[];
  readonly rolesRevision: number;
}

/** How long an invitation's link to choose a password lasts. */
const INVITATION_HOURS = 72;

/** A claim older than this whose user stream never appeared was left by a crash mid-registration. */
const ORPHAN_CLAIM_MS = 5 * 60_000;

/**
 * Account use cases: sign-up with unique email and RUT, verification, password reset, sign-in.
 * Everything is read from and written to event streams, so sign-in is strongly consistent.
 */
export class AccountService {
  constructor(
    private readonly events: EventStore,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly ids: IdGenerator,
    private readonly config: AppConfig,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
    private readonly deferred: DeferredWork = new DeferredWork(log),
  ) {}

  async register(input: RegistrationInput, meta: CommandMetadata): Promise<{ userId: string; position: number }> {
    const email = parseEmail(input.workEmail);
    const rut = parseRut(input.rut);
    const phone = parseChileanPhone(input.phone, input.countryCode);
    if (!rut) throw new DomainError('INVALID_RUT', 'rut', [{ field: 'rut', code: 'INVALID_RUT' }]);
    if (!email || !phone)
      throw new DomainError('VALIDATION_FAILED', 'registration', [
        ...(email ? [] : [{ field: 'workEmail', code: 'INVALID_EMAIL' }]),
        ...(phone ? [] : [{ field: 'phone', code: 'INVALID_CHILEAN_PHONE' }]),
      ]);
    assertAcceptablePassword(input.password, {
      email,
      rut,
      names: [input.name, input.firstLastName, input.secondLastName],
      otherEmails: [input.personalEmail],
    });
    const userId = this.ids.newId();
    const own = { ...meta, actorId: userId, actorRoles: [] };
    // Hashed before the claims: a crash between the claims and the account has the two appends to fall in, not the KDF too.
    const passwordHash = await this.hasher.hash(input.password);
    const verification = issueToken(userId);
    await this.claimRutAndEmail(rut, email, userId, own);
    const profile: UserProfile = {
      name: input.name.trim(),
      firstLastName: input.firstLastName.trim(),
      secondLastName: input.secondLastName.trim(),
      personalEmail: parseEmail(input.personalEmail) ?? input.personalEmail.trim().toLowerCase(),
      phone,
      post: input.role,
    };
    await this.registerClaimed(
      {
        type: 'RegisterUser',
        userId,
        email,
        rut,
        profile,
        passwordHash,
        verificationTokenHash: verification.hash,
        verificationExpiresAt: this.hoursFrom(meta.now, this.config.tokens.verificationTtlHours),
      },
      own,
    );
    const roles = await handleCommand(
      this.events,
      userRolesStream(userId),
      userRolesDecider,
      {
        type: 'GrantInitialRoles',
        userId,
        roles: [DEFAULT_ROLE],
        reason: 'Registro de cuenta',
      },
      { ...meta, actorId: 'system', actorRoles: [] },
    );
    // The sign-up form's "acepto los términos" is an acceptance of the versions in force now.
    const accepted = await legalVersionsInForce(this.events, meta.now);
    await handleCommand(
      this.events,
      legalAcceptanceStream(userId),
      legalAcceptanceDecider,
      { type: 'AcceptLegalDocuments', userId, ...accepted, context: 'sign-up' },
      own,
    );
    if (input.marketingConsent === true)
      await handleCommand(
        this.events,
        processingStream(userId),
        processingRestrictionsDecider,
        {
          type: 'SetMarketingConsent',
          userId,
          requestId: null,
          reason: 'Elegido por el titular al registrarse',
          consent: true,
          text: MARKETING_CONSENT_TEXT,
          privacyVersion: accepted.privacyVersion,
          source: 'sign-up',
        },
        own,
      );
    await this.sendQuietly(verificationMail(email, profile.name, linkBase(this.config, meta), verification.token), userId);
    return { userId, position: roles.position };
  }

  /**
   * An account opened by the platform for someone else (the first user of an approved company, a colleague
   * invited to a company's team): email and RUT claimed as at sign-up, and no password anyone knows: the
   * invitation mail carries a link to choose one (a password-reset token valid `INVITATION_HOURS`), so only the
   * owner of the mailbox can ever sign in. Choosing it verifies the email; until then the invitation is pending.
   */
  async invite(
    person: { email: string; rut: string; name: string; firstLastName: string; secondLastName: string; phone: string; post: string },
    roles: string[],
    mail: (link: string) => MailDraft,
    meta: CommandMetadata,
  ): Promise<{ userId: string; position: number }> {
    const email = parseEmail(person.email);
    const rut = parseRut(person.rut);
    const phone = parseChileanPhone(person.phone);
    if (!email || !rut || !phone) throw new DomainError('VALIDATION_FAILED', 'invitation', [{ field: 'email', code: 'INVALID_VALUE' }]);
    const userId = this.ids.newId();
    const system = { ...meta, actorId: 'system', actorRoles: [] };
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const verification = issueToken(userId);
    await this.claimRutAndEmail(rut, email, userId, system);
    await this.registerClaimed(
      {
        type: 'RegisterUser',
        userId,
        email,
        rut,
        profile: {
          name: person.name.trim(),
          firstLastName: person.firstLastName.trim(),
          secondLastName: person.secondLastName.trim(),
          personalEmail: email,
          phone,
          post: person.post,
        },
        passwordHash,
        verificationTokenHash: verification.hash,
        verificationExpiresAt: this.hoursFrom(meta.now, INVITATION_HOURS),
      },
      system,
    );
    await handleCommand(
      this.events,
      userRolesStream(userId),
      userRolesDecider,
      { type: 'GrantInitialRoles', userId, roles, reason: 'Cuenta creada por invitación' },
      system,
    );
    const reset = issueToken(userId);
    const result = await handleCommand(
      this.events,
      userStream(userId),
      userDecider,
      { type: 'RequestPasswordReset', resetTokenHash: reset.hash, resetExpiresAt: this.hoursFrom(meta.now, INVITATION_HOURS) },
      system,
    );
    // The invitee sets a password straight from the link (no email to type again); doing so verifies the
    // account, so until then it reads "Invitación pendiente", not active.
    await this.sendQuietly(mail(`${linkBase(this.config, meta)}/auth/set-password?token=${encodeURIComponent(reset.token)}`), userId);
    return { userId, position: result.position };
  }

  async verifyEmail(token: string, meta: CommandMetadata): Promise<{ position: number }> {
    const parsed = readToken(token);
    if (!parsed) throw new DomainError('TOKEN_INVALID', 'malformed token');
    const result = await handleCommand(
      this.events,
      userStream(parsed.userId),
      userDecider,
      { type: 'VerifyEmail', tokenHash: parsed.hash },
      { ...meta, actorId: parsed.userId },
    ).catch((error: unknown) => {
      // An unknown user in a forged token is the same answer as a wrong token.
      if (error instanceof DomainError && error.code === 'NOT_FOUND') throw new DomainError('TOKEN_INVALID', 'unknown user');
      throw error;
    });
    return { position: result.position };
  }

  /**
   * Answers at once and the same for every address: whether the address has a pending account, and the
   * new link and its mail, are worked out after the answer (DeferredWork), so neither the answer nor its
   * timing reveals anything.
   */
  requestVerificationResend(emailInput: string, meta: CommandMetadata): void {
    this.deferred.run('verification resend', () => this.resendVerification(emailInput, meta));
  }

  /** Same as requestVerificationResend, for the password-reset link (no user enumeration). */
  requestPasswordReset(emailInput: string, meta: CommandMetadata): void {
    this.deferred.run('password reset', () => this.forgotPassword(emailInput, meta));
  }

  private async resendVerification(emailInput: string, meta: CommandMetadata): Promise<void> {
    const user = await this.userByIdentity('email', parseEmail(emailInput));
    if (!user || user.verified || user.status === 'disabled') return;
    const verification = issueToken(user.userId);
    const result = await handleCommand(
      this.events,
      userStream(user.userId),
      userDecider,
      {
        type: 'ResendVerification',
        verificationTokenHash: verification.hash,
        verificationExpiresAt: this.hoursFrom(meta.now, this.config.tokens.verificationTtlHours),
      },
      { ...meta, actorId: user.userId },
    );
    if (result.events.length)
      await this.sendQuietly(verificationMail(user.email, user.profile.name, linkBase(this.config, meta), verification.token), user.userId);
  }

  private async forgotPassword(emailInput: string, meta: CommandMetadata): Promise<void> {
    const user = await this.userByIdentity('email', parseEmail(emailInput));
    if (!user) return;
    const reset = issueToken(user.userId);
    const minutes = this.config.tokens.resetTtlMinutes;
    const result = await handleCommand(
      this.events,
      userStream(user.userId),
      userDecider,
      {
        type: 'RequestPasswordReset',
        resetTokenHash: reset.hash,
        resetExpiresAt: new Date(meta.now.getTime() + minutes * 60_000).toISOString(),
      },
      { ...meta, actorId: user.userId },
    );
    if (result.events.length) await this.sendQuietly(resetMail(user.email, user.profile.name, linkBase(this.config, meta), reset.token, minutes), user.userId);
  }

  async resetPassword(token: string, password: string, meta: CommandMetadata): Promise<{ userId: string; position: number }> {
    const parsed = readToken(token);
    if (!parsed) throw new DomainError('TOKEN_INVALID', 'malformed token');
    const owner = await this.userState(parsed.userId);
    if (owner.status !== 'unregistered') assertAcceptablePassword(password, passwordOwner(owner));
    const passwordHash = await this.hasher.hash(password);
    const result = await handleCommand(
      this.events,
      userStream(parsed.userId),
      userDecider,
      { type: 'ResetPassword', tokenHash: parsed.hash, passwordHash },
      { ...meta, actorId: parsed.userId },
    ).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') throw new DomainError('TOKEN_INVALID', 'unknown user');
      throw error;
    });
    return { userId: parsed.userId, position: result.position };
  }

  /**
   * Sign-in with an email or a RUT. The password is checked before anything about the account is said,
   * and a missing account still costs one KDF run, so timing does not reveal which emails exist.
   */
  async authenticate(login: string, password: string): Promise<Principal> {
    const { kind, value } = loginIdentity(login);
    const user = await this.userByIdentity(kind, value);
    const ok = await this.hasher.verify(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) throw new DomainError('INVALID_CREDENTIALS', 'credentials');
    if (user.status === 'disabled') throw new DomainError('ACCOUNT_DISABLED', 'disabled');
    if (!user.verified) throw new DomainError('EMAIL_NOT_VERIFIED', 'not verified');
    return this.principalOf(user);
  }

  /** The current user and roles, read from their streams (used on every authenticated request). */
  async loadPrincipal(userId: string): Promise<Principal | null> {
    const state = await this.userState(userId);
    if (state.status === 'unregistered' || state.status === 'disabled') return null;
    return this.principalOf(state);
  }

  async updateProfile(userId: string, changes: Partial<UserProfile>, meta: CommandMetadata): Promise<{ position: number }> {
    const result = await handleCommand(this.events, userStream(userId), userDecider, { type: 'UpdateProfile', changes }, meta);
    return { position: result.position };
  }

  async changePassword(userId: string, current: string, next: string, meta: CommandMetadata): Promise<{ position: number }> {
    const state = await this.userState(userId);
    if (state.status === 'unregistered' || !(await this.hasher.verify(current, state.passwordHash)))
      throw new DomainError('INVALID_CREDENTIALS', 'current password', [{ field: 'currentPassword', code: 'INVALID_CREDENTIALS' }]);
    assertAcceptablePassword(next, passwordOwner(state));
    const result = await handleCommand(
      this.events,
      userStream(userId),
      userDecider,
      { type: 'ChangePassword', passwordHash: await this.hasher.hash(next) },
      meta,
    );
    return { position: result.position };
  }

  private async principalOf(user: RegisteredUser): Promise<Principal> {
    const { state, revision } = await loadStream(this.events, userRolesStream(user.userId), userRolesDecider);
    return { user, roles: state.roles.length ? state.roles : [DEFAULT_ROLE], rolesRevision: revision };
  }

  private async userState(userId: string): Promise<UserState> {
    return (await loadStream(this.events, userStream(userId), userDecider)).state;
  }

  private async userByIdentity(kind: IdentityKind, value: string | null): Promise<RegisteredUser | null> {
    if (!value) return null;
    const owner = foldStream(identityClaimDecider, await this.events.readStream(identityClaimStream(kind, value))).ownerId;
    if (!owner) return null;
    const state = await this.userState(owner);
    return state.status === 'unregistered' ? null : state;
  }

  /**
   * The account of claimed identities; a registration refused or failed gives them back, so they are not held for
   * nobody. (A crash in between leaves them claimed: the next start releases them, interrupted-sign-ups.ts.)
   */
  private async registerClaimed(command: Extract<UserCommand, { type: 'RegisterUser' }>, meta: CommandMetadata): Promise<void> {
    try {
      await handleCommand(this.events, userStream(command.userId), userDecider, command, meta);
    } catch (error) {
      for (const [kind, value] of [
        ['email', command.email],
        ['rut', command.rut],
      ] as const)
        await handleCommand(
          this.events,
          identityClaimStream(kind, value),
          identityClaimDecider,
          { type: 'ReleaseIdentity', kind, value, userId: command.userId },
          meta,
        ).catch((releaseError: unknown) => this.log(`a ${kind} claim of a failed registration stays until the next start`, releaseError));
      throw error;
    }
  }

  /** Both identities of a new account, or neither: a taken email gives the RUT back. */
  private async claimRutAndEmail(rut: string, email: string, userId: string, meta: CommandMetadata): Promise<void> {
    await this.claim('rut', rut, userId, meta);
    try {
      await this.claim('email', email, userId, meta);
    } catch (error) {
      await handleCommand(
        this.events,
        identityClaimStream('rut', rut),
        identityClaimDecider,
        { type: 'ReleaseIdentity', kind: 'rut', value: rut, userId },
        meta,
      );
      throw error;
    }
  }

  private async claim(kind: IdentityKind, value: string, userId: string, meta: CommandMetadata): Promise<void> {
    const stream = identityClaimStream(kind, value);
    try {
      await handleCommand(this.events, stream, identityClaimDecider, { type: 'ClaimIdentity', kind, value, userId }, meta);
    } catch (error) {
      const orphan = error instanceof DomainError ? await this.orphanedOwner(stream, meta.now) : null;
      if (!orphan) throw error;
      await handleCommand(this.events, stream, identityClaimDecider, { type: 'ReleaseIdentity', kind, value, userId: orphan }, meta);
      await handleCommand(this.events, stream, identityClaimDecider, { type: 'ClaimIdentity', kind, value, userId }, meta);
    }
  }

  /** The owner of a claim whose registration never completed (crash between claim and user stream). */
  private async orphanedOwner(stream: string, now: Date): Promise<string | null> {
    const recorded = await this.events.readStream(stream);
    const last = recorded[recorded.length - 1];
    if (!last || last.type !== 'IdentityClaimed') return null;
    const owner = String(last.data.userId);
    const old = now.getTime() - new Date(String(last.data.claimedAt)).getTime() > ORPHAN_CLAIM_MS;
    return old && (await this.events.readStream(userStream(owner))).length === 0 ? owner : null;
  }

  private hoursFrom(now: Date, hours: number): string {
    return new Date(now.getTime() + hours * 3_600_000).toISOString();
  }

  /** The account change is already recorded; a mail failure must not undo it (the user can resend). */
  private async sendQuietly(mail: MailDraft, userId: string): Promise<void> {
    try {
      await this.mailer.send({ ...mail, subjectId: userId });
    } catch (error) {
      this.log(`mail to ${mail.to} failed`, error);
    }
  }
}

/** Who the password must not spell: the account's email, RUT, name, surnames and personal email. */
const passwordOwner = (user: RegisteredUser): PasswordOwner => ({
  email: user.email,
  rut: user.rut,
  names: [user.profile.name, user.profile.firstLastName, user.profile.secondLastName],
  otherEmails: [user.profile.personalEmail],
});

/** The password policy (domain/shared/password-policy.ts) with the common-password list, as a field error. */
const assertAcceptablePassword = (password: string, owner: PasswordOwner): void => {
  const problem = passwordProblem(password, owner, isCommonPassword);
  if (problem) throw new DomainError('VALIDATION_FAILED', problem, [{ field: 'password', code: problem, message: PASSWORD_MESSAGES[problem] }]);
};

/** scrypt hash of a random string: verifying against it costs what a real verification costs. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
