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
