import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { MAIL_TEMPLATES_STREAM, mailTemplatesDecider } from '../../domain/mail/mail-templates';
import type { ApiClient } from '../support/api-client';
import { outboxDrained, signup, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 47.4 and 47.5: a template is bounded before it is parsed (size, nesting), parsed off the event loop,
 * and only variables and {{#if}}/{{#unless}}/{{#each}} over a variable are saved; a template that cannot be
 * rendered anyway gives a failed mail with its reason in the history, never a silent drop.
 */
let app: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  admin = await app.signedIn('admin@demo.cl');
});
afterAll(() => app.stop());

const verification = async () => {
  const t = (await admin.get('/api/v1/email/templates/verification')).body;
  return {
    name: t.name,
    type: t.type,
    language: t.language,
    subject: t.subject,
    html: t.html,
    text: t.text,
    variables: t.variables,
    active: true,
    isDefault: false,
  };
};

it('a template of thousands of nested blocks is refused before it is parsed, preview and save alike, in Spanish', async () => {
  const nested = `${'{{#if name}}'.repeat(6_000)}x${'{{/if}}'.repeat(6_000)}`.slice(0, 100_000);
  const preview = await admin.post('/api/v1/email/templates/preview', { subject: 'Hola', html: nested, text: 'Hola' });
  expect(preview.status).toBe(400);
  expect(preview.body.fieldErrors).toEqual([
    expect.objectContaining({ field: 'html', message: expect.stringMatching(/^La plantilla anida demasiados bloques: máximo 8 niveles/) }),
  ]);
  const saved = await admin.put('/api/v1/email/templates/verification', { ...(await verification()), html: nested });
  expect(saved.status).toBe(400);
  expect(saved.body.fieldErrors[0].message).toMatch(/anida demasiados bloques/);
  const fine = await admin.post('/api/v1/email/templates/preview', {
    subject: 'Hola {{name}}',
    html: '<p>{{#if name}}{{#if link}}{{link}}{{/if}}{{/if}}</p>',
    text: 'x',
    variables: { name: 'Ana', link: 'https://a.cl/?t=1' },
  });
  expect(fine.status).toBe(200);
  expect(fine.body).toMatchObject({ subject: 'Hola Ana', html: '<p>https://a.cl/?t&#x3D;1</p>' });
});

it.each([
  ['{{#if (lookup)}}x{{/if}}'],
  ['{{#each (blockHelperMissing)}}x{{/each}}'],
  ['{{#if (log "texto elegido por el admin")}}x{{/if}}'],
  ['{{log "texto"}}'],
  ['{{lookup name "x"}}'],
  ['{{#with name}}x{{/with}}'],
  ['{{#if name "otro"}}x{{/if}}'],
])('refuses %s when saved, and its preview is a 400 in Spanish', async (html) => {
  const saved = await admin.put('/api/v1/email/templates/verification', { ...(await verification()), html: `<p>{{link}}</p>${html}` });
  expect(saved.status).toBe(400);
  expect(saved.body.fieldErrors.length).toBeGreaterThan(0);
  for (const problem of saved.body.fieldErrors) {
    expect(problem).toMatchObject({ field: 'html', code: 'INVALID_TEMPLATE' });
    expect(problem.message).not.toMatch(/[A-Z][a-z]+Error|Expecting|undefined/);
  }
  const preview = await admin.post('/api/v1/email/templates/preview', { subject: 'Hola', html, text: 'Hola' });
  expect(preview.status).toBe(400);
  expect(preview.body.code).toBe('VALIDATION_FAILED');
});

it('a template that cannot be rendered (saved before the allow list) gives a failed mail in the history with its reason', async () => {
  // As a data directory from before this check holds it: saved straight into the event log.
  const template = { ...(await verification()), templateId: 'verification', html: '{{#each (blockHelperMissing)}}x{{/each}}{{link}}' };
  await handleCommand(
    app.platform.container.get<EventStore>(TOKENS.EventStore),
    MAIL_TEMPLATES_STREAM,
    mailTemplatesDecider,
    { type: 'SaveMailTemplate', template },
    {
      now: new Date(),
      actorId: 'test',
      actorRoles: [],
      correlationId: 'legacy-template',
    },
  );
  const person = signup();
  const registered = await app.client().post('/api/v1/auth/register', person);
  expect(registered.status).toBe(201);
  await outboxDrained(app);
  const history = await admin.get(`/api/v1/email/history?to=${encodeURIComponent(person.workEmail)}`);
  expect(history.body.items).toEqual([
    expect.objectContaining({ template: 'verification', status: 'failed', lastError: expect.stringMatching(/^No se pudo generar el correo con su plantilla/) }),
  ]);
});
