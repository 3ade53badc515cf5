import { registrationApplication } from '../support/company-registration';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 47.10: names, dates and web addresses that were accepted and should not be. One rule per kind of field
 * (contract/common.ts); here each field the issue names, through the API.
 */
let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  admin = await app.signedIn('admin@demo.cl');
});
afterAll(() => app.stop());

const BAD_NAMES = {
  'bidi override': 'Ana\u202Eazor',
  'zero-width space': 'An\u200Ba',
  NUL: 'Ana\u0000',
  'lone surrogate': 'Ana\uD800',
  'only combining marks': '\u0301\u0301\u0301',
  markup: '<img src=x onerror=alert(1)>',
};

/** The field errors of a 400 answer, by field. */
const refusal = (res: { status: number; body: { code: string; fieldErrors: { field: string; code: string; message: string }[] } }) => {
  expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  return Object.fromEntries(res.body.fieldErrors.map((f) => [f.field, f]));
};

describe('names (issue 47.10)', () => {
  it.each(Object.entries(BAD_NAMES))('company registration: legalRepresentative.name with %s is refused', async (_kind, name) => {
    const base = registrationApplication();
    const res = await app.client().post('/api/v1/company-registrations', { ...base, legalRepresentative: { ...base.legalRepresentative, name } });
    expect(refusal(res)['legalRepresentative.name']).toEqual({
      field: 'legalRepresentative.name',
      code: 'INVALID_NAME',
      message: 'Use solo letras, espacios, apóstrofos y guiones.',
    });
  });

  it.each(Object.entries(BAD_NAMES))('contact request: name with %s is refused', async (_kind, name) => {
    const res = await app.client().post('/api/v1/contact-requests', {
      name,
      email: 'paula.soto@gmail.com',
      phone: '+56 9 8765 4321',
      preferredContactMethod: 'both',
      preferredTime: 'afternoon',
      termsAccepted: true,
    });
    expect(refusal(res).name).toMatchObject({ code: 'INVALID_NAME' });
  });

  it('a company name with a bidi override or markup is refused with a Spanish message', async () => {
    const base = registrationApplication();
    for (const name of ['Andes\u202E SpA', '<b>Andes</b>']) {
      const res = await app.client().post('/api/v1/company-registrations', { ...base, company: { ...base.company, name } });
      expect(refusal(res)['company.name']).toMatchObject({ code: 'INVALID_TEXT', message: expect.stringMatching(/^Use letras, números/) });
    }
  });
});

describe('dates (issue 47.10)', () => {
  const campaign = (dates: { startDate: string; endDate: string | null }) => ({
    companyId: 'inmobiliaria-andes',
    name: 'Campaña de prueba',
    description: 'Fechas imposibles',
    autoEnrollment: false,
    selfEnrollmentByRut: false,
    ...dates,
  });

  it.each([
    ['startDate', { startDate: '2026-02-31', endDate: null }],
    ['startDate', { startDate: '0000-01-01', endDate: null }],
    ['endDate', { startDate: '2026-03-01', endDate: '2026-02-31' }],
    ['endDate', { startDate: '2026-03-01', endDate: '0000-01-01' }],
  ] as const)('campaigns refuse an impossible %s', async (field, dates) => {
    const res = await admin.post('/api/v1/campaigns', campaign(dates));
    expect(refusal(res)[field]).toEqual({ field, code: 'INVALID_DATE', message: 'Ingrese una fecha válida (día, mes y año entre 1900 y 2100).' });
  });

  it('the simulator refuses 2026-02-30', async () => {
    const res = await app.client().post('/api/v1/financing/simulate', { principalUF: 2500, date: '2026-02-30' });
    expect(refusal(res).date).toMatchObject({ code: 'INVALID_DATE' });
  });

  it('the UF table refuses 1800-01-01 and 2026-02-29, and records nothing of the batch', async () => {
    for (const date of ['1800-01-01', '2026-02-29']) {
      const res = await admin.post('/api/v1/uf', {
        values: [
          { date: '2027-02-01', value: 40000 },
          { date, value: 40000 },
        ],
      });
      expect(refusal(res)['values.1.date']).toMatchObject({ code: 'INVALID_DATE' });
    }
    expect((await app.client().get('/api/v1/uf?date=2027-02-01')).body.date).not.toBe('2027-02-01');
  });
});

describe('web addresses (issue 47.10)', () => {
  it.each(['javascript:alert(document.cookie)', 'JavaScript://www.empresa.cl/%0Aalert(1)', 'data:text/html,<script>alert(1)</script>', 'https://127.0.0.1/'])(
    'company website and social links refuse %s',
    async (link) => {
      const base = registrationApplication();
      const res = await app.client().post('/api/v1/company-registrations', {
        ...base,
        company: { ...base.company, website: link },
        contact: { ...base.contact, socialMedia: { linkedin: link, instagram: link, facebook: link, x: link } },
      });
      const errors = refusal(res);
      for (const field of [
        'company.website',
        'contact.socialMedia.linkedin',
        'contact.socialMedia.instagram',
        'contact.socialMedia.facebook',
        'contact.socialMedia.x',
      ])
        expect(errors[field]).toMatchObject({ code: 'INVALID_URL', message: expect.stringMatching(/^Ingrese una dirección web/) });
    },
  );
});
