import fs from 'node:fs';
import { loadConfig } from '../../adapters/config';
import { FAULT_POINTS, type FaultPointName } from '../../adapters/composition/fault-points';
import { startPlatform, type Platform } from '../../adapters/composition/platform';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { MovableClock } from '../support/application-fakes';
import { createBuyers, PASSWORD } from '../support/buyers';
import { releaseDistributed } from '../support/distributed-env';
import { eventually } from '../support/eventually';
import { signup, startTestApp, type TestApp } from '../support/test-app';

/**
 * Distributed mode: what a crash left half-done is put right by the next start once it is ready, but only what began
 * more than 2 minutes before (younger, another instance may still be in the middle of it). A first instance stops
 * requests at the fault points of tests/durability/interrupted-requests.test.ts, some at its start and some 3 minutes
 * later (its movable clock); a second instance then starts on the same engines 4 minutes after the first ones.
 */
const MINUTE = 60_000;
const TEAM = '/api/v1/companies/inmobiliaria-andes/members';
const PROJECT_UNITS = '/api/v1/projects/parque-nunoa/units?available=true';

let first: TestApp;
let restarted: Platform;
/** The restarted instance's messages, each with whether it was ready when it said it. */
const said: { message: string; ready: boolean }[] = [];
const old = { signUpClaimed: signup(), signUpRegistered: signup(), invited: invitation(), reservedUnit: '' };
const recent = { signUpClaimed: signup(), signUpRegistered: signup(), reservedUnit: '', buyer: '' };

function invitation() {
  const s = signup();
  return { email: s.workEmail, rut: s.rut, name: 'Josefa', firstLastName: 'Pizarro', secondLastName: 'Lagos', phone: '+56 9 8765 4321', post: 'Ventas' };
}

/**
 * The request's process dies at `point` without taking Jest with it: the append that reaches the point is committed,
 * then it and every later append fail (a dead process writes nothing more, not even a compensation) until the answer.
 */
const interruptedAt = async (point: FaultPointName, request: () => Promise<ApiResponse>): Promise<void> => {
  const store = first.platform.container.get<EventStore>(TOKENS.EventStore);
  const append = store.append.bind(store);
  let dead = false;
  const spy = jest.spyOn(store, 'append').mockImplementation(async (streamId, events, expected) => {
    if (dead) throw new Error('the process died');
    const appended = await append(streamId, events, expected);
    if (!FAULT_POINTS[point](streamId, events)) return appended;
    dead = true;
    throw new Error('the process died');
  });
  try {
    expect((await request()).status).toBe(500);
    expect(dead).toBe(true);
  } finally {
    spy.mockRestore();
  }
};

beforeAll(async () => {
  first = await startTestApp();
  const company = await first.signedIn('empresa@demo.cl');
  const buyer = await first.signedIn('usuario@demo.cl');
  [recent.buyer] = await createBuyers(first, 1);
  const otherBuyer = await first.signedIn(recent.buyer, PASSWORD);
  [old.reservedUnit, recent.reservedUnit] = (await buyer.get(PROJECT_UNITS)).body.items.map((u: { id: string }) => u.id);

  await interruptedAt('sign-up:claimed', () => first.client().post('/api/v1/auth/register', old.signUpClaimed));
  await interruptedAt('sign-up:registered', () => first.client().post('/api/v1/auth/register', old.signUpRegistered));
  await interruptedAt('sign-up:registered', () => company.post(TEAM, old.invited));
  await interruptedAt('reservation:held', () => buyer.post('/api/v1/reservations', { unitId: old.reservedUnit }));

  first.clock.advance(3 * MINUTE);
  await interruptedAt('sign-up:claimed', () => first.client().post('/api/v1/auth/register', recent.signUpClaimed));
  await interruptedAt('sign-up:registered', () => first.client().post('/api/v1/auth/register', recent.signUpRegistered));
  await interruptedAt('reservation:held', () => otherBuyer.post('/api/v1/reservations', { unitId: recent.reservedUnit }));
  await first.settled();
  await first.platform.stop();

  const clock = new MovableClock();
  clock.advance(4 * MINUTE);
  let ready = false;
  restarted = await startPlatform(loadConfig(first.env), (message) => said.push({ message, ready }), { clock });
  void restarted.ready.then(() => (ready = true));
  // The repair's last step says how many reservations it released (the earlier ones, how many claims and roles).
  await eventually(
    async () => said,
    (lines) => lines.some((l) => /^interrupted (reservations|requests):/.test(l.message)),
    { timeoutMs: 30_000, what: 'the start-up repair' },
  );
  const runner = restarted.container.get<ReadSide>(TOKENS.ProjectionRunner);
  expect(await runner.waitFor(await restarted.container.get<EventStore>(TOKENS.EventStore).headPosition(), 30_000)).toBe(true);
}, 120_000);

afterAll(async () => {
  await restarted?.stop();
  await first?.mail.close();
  if (first) await releaseDistributed(first.env);
  if (first) fs.rmSync(first.dataDir, { recursive: true, force: true });
});

const client = async (email?: string, password?: string): Promise<ApiClient> => {
  const c = new ApiClient(restarted.url);
  if (email) await c.login(email, password);
  return c;
};

const rolesOf = async (email: string): Promise<string[][]> => {
  const admin = await client('admin@demo.cl');
  const found = (await admin.get(`/api/v1/users?search=${encodeURIComponent(email)}`)).body.items as { email: string; roles: string[] }[];
  return found.filter((u) => u.email === email).map((u) => u.roles);
};

const reservationOf = async (buyer: ApiClient, unitId: string): Promise<string[]> =>
  ((await buyer.get('/api/v1/reservations/mine')).body.items as { unitId: string; status: string }[]).filter((r) => r.unitId === unitId).map((r) => r.status);

it('runs once the instance is ready and puts right only what began more than 2 minutes before its start', () => {
  const repair = said.filter((l) => l.message.startsWith('interrupted '));
  expect(repair).toEqual([
    { message: 'interrupted sign-ups: 2 email or RUT claims without an account released', ready: true },
    { message: 'interrupted sign-ups: 2 accounts without a role given the default one', ready: true },
    { message: 'interrupted reservations: 1 held without a payment cancelled, their units released', ready: true },
  ]);
});

it('a sign-up stopped between its claims and its account: released if older than 2 minutes, kept if younger', async () => {
  const anyone = await client();
  expect((await anyone.post('/api/v1/auth/register', old.signUpClaimed)).status).toBe(201);
  expect((await anyone.post('/api/v1/auth/register', recent.signUpClaimed)).body.code).toBe('RUT_ALREADY_EXISTS');
});

it('an account stopped before its role, signed up or invited by a company: the default role if older than 2 minutes', async () => {
  expect(await rolesOf(old.signUpRegistered.workEmail)).toEqual([['user']]);
  expect(await rolesOf(old.invited.email)).toEqual([['user']]);
  expect(await rolesOf(recent.signUpRegistered.workEmail)).toEqual([[]]);
});

it('a reservation stopped between its hold and its payment: cancelled if older than 2 minutes, still held if younger', async () => {
  expect(await reservationOf(await client('usuario@demo.cl'), old.reservedUnit)).toEqual(['cancelled']);
  expect(await reservationOf(await client(recent.buyer, PASSWORD), recent.reservedUnit)).toEqual(['held']);
});
