import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '../support/api-client';
import { signup, tokenFromMail, type TestApp } from '../support/test-app';

/** A person who signed up, verified their email and is signed in. */
export const registeredPerson = async (app: TestApp, overrides: Record<string, unknown> = {}) => {
  const body = signup(overrides);
  const client = app.client();
  const registered = await client.post('/api/v1/auth/register', body);
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const token = tokenFromMail((await app.mail.waitFor((m) => m.to.includes(body.workEmail))).text);
  const verified = await client.post('/api/v1/auth/verify-email', { token });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  await client.login(body.workEmail, body.password);
  return { body, client, userId: registered.body.data.userId as string };
};

/** Sets a user's roles as `admin` (If-Match with the revision just read), returning the command's position. */
export const setRoles = async (admin: ApiClient, userId: string, roles: string[], reason: string): Promise<string> => {
  const detail = await admin.get(`/api/v1/users/${userId}`);
  const res = await admin.put(`/api/v1/users/${userId}/roles`, { roles, reason }, { 'if-match': detail.headers.get('etag')! });
  if (res.status !== 200) throw new Error(`role change failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.headers.get('x-event-position')!;
};

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** The files under the app's data directory (SQLite files and their WALs, keys, uploads) whose raw bytes hold `needle`, as UTF-8 or UTF-16. */
export const filesHolding = (app: TestApp, needle: string): string[] =>
  filesUnder(app.dataDir).filter((file) => {
    const bytes = fs.readFileSync(file);
    return bytes.includes(Buffer.from(needle, 'utf8')) || bytes.includes(Buffer.from(needle, 'utf16le'));
  });

/** The back office signed in: an administrator and the super-admin (who may act as the data-protection officer). */
export const adminAndOfficer = async (app: TestApp): Promise<{ admin: ApiClient; officer: ApiClient }> => {
  const admin = app.client();
  await admin.login('admin@demo.cl');
  const officer = app.client();
  await officer.login('superadmin@demo.cl');
  return { admin, officer };
};
