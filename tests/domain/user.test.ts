import { userDecider, type UserCommand } from '../../domain/accounts/user.decide';
import type { UserEvent } from '../../domain/accounts/user';
import { identityClaimDecider } from '../../domain/accounts/identity-claim';
import { DeciderSpecification, testMeta } from '../support/decider-spec';

const spec = DeciderSpecification(userDecider);
const profile = { name: 'Ana', firstLastName: 'Pérez', secondLastName: 'Soto', personalEmail: 'ana@gmail.com', phone: '+56912345678', post: 'collaborator' };
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ana@empresa.cl',
    rut: '12345678-5',
    ...profile,
    passwordHash: 'h0',
    verificationTokenHash: 'vt',
    verificationExpiresAt: '2026-11-23T12:00:00.000Z',
    registeredAt: '2026-11-22T11:00:00.000Z',
  },
};
const verified: UserEvent = { type: 'UserEmailVerified', data: { userId: 'u1', verifiedAt: '2026-11-22T11:30:00.000Z' } };
const resetRequested: UserEvent = {
  type: 'PasswordResetRequested',
  data: { userId: 'u1', resetTokenHash: 'rt', resetExpiresAt: '2026-11-22T13:00:00.000Z', requestedAt: '2026-11-22T11:40:00.000Z' },
};

describe('User decider', () => {
  it('registers a new user pending verification', () => {
    const command: UserCommand = {
      type: 'RegisterUser',
      userId: 'u1',
      email: 'ana@empresa.cl',
      rut: '12345678-5',
      profile,
      passwordHash: 'h0',
      verificationTokenHash: 'vt',
      verificationExpiresAt: '2026-11-23T12:00:00.000Z',
    };
    spec
      .given([])
      .when(command)
      .then([{ ...registered, data: { ...registered.data, registeredAt: '2026-11-22T12:00:00.000Z' } }]);
  });

  it('refuses registering the same user twice', () => {
    spec
      .given([registered])
      .when({
        type: 'RegisterUser',
        userId: 'u1',
        email: 'x@y.cl',
        rut: '1-9',
        profile,
        passwordHash: 'h',
        verificationTokenHash: 'v',
        verificationExpiresAt: 'x',
      })
      .thenThrows('EMAIL_ALREADY_EXISTS');
  });

  it('verifies the email with the live token, and a second click is a no-op', () => {
    spec
      .given([registered])
      .when({ type: 'VerifyEmail', tokenHash: 'vt' })
      .then([{ type: 'UserEmailVerified', data: { userId: 'u1', verifiedAt: '2026-11-22T12:00:00.000Z' } }]);
    spec.given([registered, verified]).when({ type: 'VerifyEmail', tokenHash: 'vt' }).thenNothingHappens();
  });

  it('refuses a wrong or expired verification token', () => {
    spec.given([registered]).when({ type: 'VerifyEmail', tokenHash: 'nope' }).thenThrows('TOKEN_INVALID');
    spec
      .given([registered])
      .when({ type: 'VerifyEmail', tokenHash: 'vt' }, testMeta({ now: new Date('2026-11-24T00:00:00Z') }))
      .thenThrows('TOKEN_INVALID');
  });

  it('a resent verification replaces the token', () => {
    const resent: UserEvent = {
      type: 'VerificationEmailResent',
      data: { userId: 'u1', verificationTokenHash: 'vt2', verificationExpiresAt: '2026-11-23T12:00:00.000Z', resentAt: 'x' },
    };
    spec.given([registered, resent]).when({ type: 'VerifyEmail', tokenHash: 'vt' }).thenThrows('TOKEN_INVALID');
    spec
      .given([registered, resent])
      .when({ type: 'VerifyEmail', tokenHash: 'vt2' })
      .then([{ type: 'UserEmailVerified', data: { userId: 'u1', verifiedAt: '2026-11-22T12:00:00.000Z' } }]);
  });

  it('resets the password once with the live reset token', () => {
    spec
      .given([registered, verified, resetRequested])
      .when({ type: 'ResetPassword', tokenHash: 'rt', passwordHash: 'h1' })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h1', via: 'reset', changedAt: '2026-11-22T12:00:00.000Z' } }]);
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h1', via: 'reset', changedAt: 'x' } };
    spec
      .given([registered, verified, resetRequested, changed])
      .when({ type: 'ResetPassword', tokenHash: 'rt', passwordHash: 'h2' })
      .thenThrows('TOKEN_INVALID');
  });

  it('a reset on an unverified account also verifies it (the link proved the mailbox)', () => {
    const events = userDecider.decide(
      { type: 'ResetPassword', tokenHash: 'rt', passwordHash: 'h1' },
      [registered, resetRequested].reduce(userDecider.evolve, userDecider.initialState()),
      testMeta(),
    );
    expect(events.map((e) => e.type)).toEqual(['PasswordChanged', 'UserEmailVerified']);
  });

  it('a disabled user gets no reset token, silently', () => {
    const disabled: UserEvent = { type: 'UserDisabled', data: { userId: 'u1', reason: 'r', disabledAt: 'x' } };
    spec.given([registered, disabled]).when({ type: 'RequestPasswordReset', resetTokenHash: 'r', resetExpiresAt: 'x' }).thenNothingHappens();
  });

  it('records only the profile fields that changed', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', changes: { name: 'Ana', phone: '+56221234567' } })
      .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', changes: { phone: '+56221234567' }, updatedAt: '2026-11-22T12:00:00.000Z' } }]);
  });

  it('commands on an unknown user are NOT_FOUND', () => {
    spec.given([]).when({ type: 'VerifyEmail', tokenHash: 'vt' }).thenThrows('NOT_FOUND');
  });
});

describe('Identity claims (unique email and RUT)', () => {
  const claims = DeciderSpecification(identityClaimDecider);
  const claimed = { type: 'IdentityClaimed' as const, data: { kind: 'rut' as const, value: '12345678-5', userId: 'u1', claimedAt: 'x' } };

  it('the first claim wins; a second user gets RUT_ALREADY_EXISTS', () => {
    claims
      .given([])
      .when({ type: 'ClaimIdentity', kind: 'rut', value: '12345678-5', userId: 'u1' })
      .then([{ type: 'IdentityClaimed', data: { kind: 'rut', value: '12345678-5', userId: 'u1', claimedAt: '2026-11-22T12:00:00.000Z' } }]);
    claims.given([claimed]).when({ type: 'ClaimIdentity', kind: 'rut', value: '12345678-5', userId: 'u2' }).thenThrows('RUT_ALREADY_EXISTS');
    claims.given([claimed]).when({ type: 'ClaimIdentity', kind: 'rut', value: '12345678-5', userId: 'u1' }).thenNothingHappens();
  });

  it('a released claim can be claimed again', () => {
    const released = { type: 'IdentityReleased' as const, data: { kind: 'rut' as const, value: '12345678-5', userId: 'u1', releasedAt: 'x' } };
    claims
      .given([claimed, released])
      .when({ type: 'ClaimIdentity', kind: 'rut', value: '12345678-5', userId: 'u2' })
      .then([{ type: 'IdentityClaimed', data: { kind: 'rut', value: '12345678-5', userId: 'u2', claimedAt: '2026-11-22T12:00:00.000Z' } }]);
  });
});
