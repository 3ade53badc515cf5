import { randomUUID } from 'node:crypto';
import { issueToken } from '../../application/accounts/one-time-token';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { PasswordHasher } from '../../kernel/ports/password-hasher';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { userStream } from '../../domain/accounts/user';
import { userDecider } from '../../domain/accounts/user.decide';
import { userRolesDecider, userRolesStream } from '../../domain/access/user-roles.decide';
import { computeCheckDigit } from '../../domain/shared/rut';
import type { ApiClient } from './api-client';
import type { TestApp } from './test-app';

export const events = (app: TestApp) => app.platform.container.get<EventStore>(TOKENS.EventStore);

/**
 * Waits until every read model and process has applied every event written so far (never a sleep). A
 * process may write while catching up (the reservation process records receipts), so until the head holds.
 */
export const readModelsCaughtUp = async (app: TestApp): Promise<void> => {
  const readSide = app.platform.container.get<ReadSide>(TOKENS.ProjectionRunner);
  for (let head = await events(app).headPosition(), round = 0; ; round++) {
    if (!(await readSide.waitFor(head, 20_000))) throw new Error(`read models did not reach position ${head}`);
    const now = await events(app).headPosition();
    if (now === head || round > 20) return;
    head = now;
  }
};

export const PASSWORD = 'ClaveSegura1!';
let sequence = 0;

/**
 * Verified buyer accounts written straight through the account commands (as the demo seed does): fifty
 * buyers for a race need no fifty verification mails.
 */
export const createBuyers = async (app: TestApp, count: number, roles: string[] = ['user']): Promise<string[]> => {
  const store = events(app);
  const passwordHash = await app.platform.container.get<PasswordHasher>(TOKENS.PasswordHasher).hash(PASSWORD);
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    sequence++;
    const body = String(30_000_000 + process.pid * 100 + sequence);
    const rut = `${body}-${computeCheckDigit(body)}`;
    const email = `comprador${sequence}.${process.pid}@empresa.cl`;
    const userId = randomUUID();
    const meta = { now: new Date(), actorId: 'system', actorRoles: [], correlationId: `test-buyer-${sequence}` };
    await handleCommand(store, identityClaimStream('rut', rut), identityClaimDecider, { type: 'ClaimIdentity', kind: 'rut', value: rut, userId }, meta);
    await handleCommand(store, identityClaimStream('email', email), identityClaimDecider, { type: 'ClaimIdentity', kind: 'email', value: email, userId }, meta);
    const token = issueToken(userId);
    await handleCommand(
      store,
      userStream(userId),
      userDecider,
      {
        type: 'RegisterUser',
        userId,
        email,
        rut,
        profile: {
          name: 'Comprador',
          firstLastName: `Número${sequence}`,
          secondLastName: 'Prueba',
          personalEmail: `p${sequence}@gmail.com`,
          phone: '+56912345678',
          post: 'collaborator',
        },
        passwordHash,
        verificationTokenHash: token.hash,
        verificationExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      meta,
    );
    await handleCommand(store, userStream(userId), userDecider, { type: 'VerifyEmail', tokenHash: token.hash }, meta);
    await handleCommand(store, userRolesStream(userId), userRolesDecider, { type: 'GrantInitialRoles', userId, roles, reason: 'Prueba' }, meta);
    emails.push(email);
  }
  return emails;
};

export const signedIn = async (app: TestApp, email: string, password = PASSWORD): Promise<ApiClient> => {
  const client = app.client();
  await client.login(email, password);
  return client;
};

/** The path and query of a redirect's Location (absolute or not), to follow it against the test app. */
export const locationOf = (res: { headers: Headers }): string => {
  const location = res.headers.get('location');
  if (!location) throw new Error('no Location header');
  const url = new URL(location, 'http://placeholder');
  return `${url.pathname}${url.search}`;
};

export const form = (client: ApiClient, path: string, fields: Record<string, string>) =>
  client.raw('POST', path, undefined, { 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams(fields).toString());

/** The buyer's browser at the sandbox: open the payment page, choose, follow the redirect to the return URL. */
export const payAtSandbox = async (client: ApiClient, payment: { url: string; token: string }, decision: 'approve' | 'reject' | 'abort') => {
  const page = await form(client, payment.url, { token_ws: payment.token });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  expect(page.body).toContain('Aprobar pago');
  const decided = await form(client, '/api/v1/payments/sandbox/decide', { token_ws: payment.token, decision });
  expect(decided.status).toBe(303);
  const back = await client.raw('GET', locationOf(decided));
  expect(back.status).toBe(303);
  return { returnPath: locationOf(decided), result: locationOf(back) };
};
