import fs from 'node:fs';
import path from 'node:path';
import type { KafkaMessage } from 'kafkajs';
import { logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { createKafka } from '../../adapters/kafka/kafka-client';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { registeredPerson, setRoles } from '../personal-data/support-people';
import { eventually } from '../support/eventually';

// TEST_MODE=distributed: MongoDB read models, sessions and keys; Kafka between the relay and the projectors.
let app: TestApp;
let admin: ApiClient;
let officer: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@demo.cl');
  officer = app.client();
  await officer.login('superadmin@demo.cl');
}, 60_000);
afterAll(() => app.stop());

/** Every record of this app's topics, from the beginning, as text. */
const topicContents = async (): Promise<string> => {
  const kafka = createKafka(app.env.KAFKA_BROKERS.split(','), 'inspect-topics', { logLevel: logLevel.NOTHING });
  const kafkaAdmin = kafka.admin();
  await kafkaAdmin.connect();
  const topics = (await kafkaAdmin.listTopics()).filter((t) => t.startsWith(app.env.KAFKA_TOPIC_PREFIX));
  let expected = 0;
  for (const topic of topics) for (const p of await kafkaAdmin.fetchTopicOffsets(topic)) expected += Number(p.high) - Number(p.low);
  await kafkaAdmin.disconnect();
  const consumer = kafka.consumer({ groupId: `inspect.${app.env.KAFKA_TOPIC_PREFIX}${Date.now()}`, maxWaitTimeInMs: 200 });
  const seen: KafkaMessage[] = [];
  try {
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void seen.push(message) });
    await eventually(
      async () => seen.length,
      (n) => n >= expected,
      { what: `${expected} records on ${topics.length} topics` },
    );
  } finally {
    await consumer.disconnect();
  }
  return seen.map((m) => `${m.key?.toString() ?? ''} ${m.value?.toString() ?? ''}`).join('\n');
};

/** Every document of every collection of the app's MongoDB database, as text, one entry per collection. */
const mongoContents = async (): Promise<Record<string, string>> => {
  const client = await MongoClient.connect(app.env.MONGODB_URL);
  try {
    const db = client.db();
    const parts: Record<string, string> = {};
    for (const { name } of await db.listCollections().toArray()) parts[name] = JSON.stringify(await db.collection(name).find({}).toArray());
    return parts;
  } finally {
    await client.close();
  }
};

const rawEvents = () =>
  ['events.sqlite', 'events.sqlite-wal']
    .map((file) => path.join(app.dataDir, file))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file).toString('utf8'))
    .join('\n');

describe('erasure in distributed mode (Kafka topics, MongoDB read models)', () => {
  it('Kafka carries only ciphertext; after the erasure neither MongoDB, the log nor the API holds the person', async () => {
    expect(app.env.MODE).toBe('distributed');
    const person = await registeredPerson(app, { name: 'Teodolinda', firstLastName: 'Urquietavia', secondLastName: 'Valderramosa', phone: '9 6420 9753' });
    const { body, client, userId } = person;
    const projectId = (await client.get('/api/v1/projects')).body.items[0].id;
    expect((await client.post('/api/v1/favorites', { projectId })).status).toBe(200);
    const contact = await client.post('/api/v1/contact-requests', {
      name: 'Teodolinda Urquietavia',
      email: body.workEmail,
      phone: '+56 9 6420 9753',
      preferredContactMethod: 'email',
      preferredTime: 'morning',
      termsAccepted: true,
      projectId,
    });
    expect(contact.status).toBe(201);
    const position = await setRoles(admin, userId, ['collaborator', 'user'], 'Colaborador de empresa en convenio');
    // The projectors opened the sealed events: the read models hold the person in clear before the erasure.
    const leads = await admin.get(`/api/v1/leads?search=${encodeURIComponent(body.workEmail)}`, { 'x-min-position': position });
    expect(leads.body.items[0]).toMatchObject({ email: body.workEmail, name: 'Teodolinda Urquietavia' });

    const clear = [body.workEmail, body.personalEmail, body.rut, body.rut.split('-')[0], 'Teodolinda', 'Urquietavia', 'Valderramosa', '964209753'];
    const topics = await topicContents();
    expect(topics).toContain(userId);
    for (const value of clear) expect([value, topics.includes(value)]).toEqual([value, false]);

    const requested = await client.post('/api/v1/me/data-requests', { kind: 'erasure', details: 'Soy Teodolinda, borren todo' });
    const done = await officer.post(`/api/v1/data-requests/${requested.body.id}/complete`, { outcome: 'Datos suprimidos' });
    expect(done.status).toBe(200);
    const at = { 'x-min-position': done.headers.get('x-event-position')! };
    const audit = await admin.get(`/api/v1/users/${userId}/role-history`, at);
    expect(audit.body.items[0]).toMatchObject({ userId, newRoles: ['collaborator', 'user'] });
    const answers = JSON.stringify([
      (await admin.get(`/api/v1/users/${userId}`, at)).body,
      audit.body,
      (await admin.get('/api/v1/leads?perPage=100', at)).body,
      (await officer.get('/api/v1/data-requests', at)).body,
    ]);
    const [mongo, log, after] = [await mongoContents(), rawEvents(), await topicContents()];
    for (const value of [...clear, 'Soy Teodolinda']) {
      expect([value, 'api', answers.includes(value)]).toEqual([value, 'api', false]);
      expect([value, Object.keys(mongo).filter((name) => mongo[name].includes(value))]).toEqual([value, []]);
      expect([value, 'log', log.includes(value)]).toEqual([value, 'log', false]);
      expect([value, 'kafka', after.includes(value)]).toEqual([value, 'kafka', false]);
    }
    expect(Object.values(mongo).join('\n')).toContain(userId); // the pseudonym stays: the audit trail is whole
  });
});
