import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';

// TEST_MODE=distributed: the app runs with MongoDB and Kafka, its events on the shared SQLite file.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const rawEvents = () =>
  ['events.sqlite', 'events.sqlite-wal']
    .map((file) => path.join(app.dataDir, file))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file).toString('utf8'))
    .join('\n');

describe('personal data at rest (distributed mode)', () => {
  it('encrypts the person in the event store with a key kept, wrapped, in MongoDB', async () => {
    expect(app.env.MODE).toBe('distributed');
    const body = signup({ name: 'Xiomara', firstLastName: 'Quintanilla', secondLastName: 'Zuazagoitia' });
    const c = app.client();
    const registered = await c.post('/api/v1/auth/register', body);
    expect(registered.status).toBe(201);
    const userId: string = registered.body.data.userId;
    const token = tokenFromMail((await app.mail.waitFor((m) => m.to.includes(body.workEmail))).text);
    expect((await c.post('/api/v1/auth/verify-email', { token })).status).toBe(200);
    const login = await c.post('/api/v1/auth/cookie/login', { email: body.rut, password: body.password });
    expect(login.body.data.user).toMatchObject({ email: body.workEmail, name: 'Xiomara' });

    const events = rawEvents();
    expect(events).toContain(userId);
    for (const clear of [body.workEmail, body.personalEmail, body.rut, 'Xiomara', 'Quintanilla', 'Zuazagoitia']) expect(events).not.toContain(clear);

    const client = await MongoClient.connect(app.env.MONGODB_URL);
    try {
      const key = await client
        .db()
        .collection('subject_keys')
        .findOne({ _id: userId as never });
      expect(key).toMatchObject({ _id: userId, createdAt: expect.any(String) });
      expect(key?.wrappedKey.buffer.length).toBe(12 + 32 + 16);
    } finally {
      await client.close();
    }
  });
});
