import { contactRequestOf, validateContact, type ContactValues } from '../../web/src/features/contact/contact-form';
import { contactSaga } from '../../web/src/features/contact/sagas';
import { contactFormOpened, contactRequestSubmitted } from '../../web/src/features/contact/slice';
import { profileChangesOf } from '../../web/src/features/profile/profile-form';
import { profileSaga } from '../../web/src/features/profile/sagas';
import { profileSaveSubmitted } from '../../web/src/features/profile/slice';
import { sessionEstablished } from '../../web/src/shared/events';
import type { SessionSnapshot } from '../../web/src/shared/auth/session-types';
import { ApiError } from '../../web/src/shared/api/errors';
import { createHarness, settle } from './support/saga-harness';

const valid: ContactValues = {
  name: 'Javier González',
  email: 'javier@empresa.cl',
  phone: '+56 9 1234 5678',
  preferredContactMethod: 'both',
  preferredTime: 'afternoon',
  termsAccepted: true,
  message: '',
};

describe('contact / advisor modal (spec §5)', () => {
  it('accepts a complete request, the message being optional', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('checks every field at once', () => {
    expect(
      validateContact({ name: 'J', email: 'no-es-email', phone: '12 34', preferredContactMethod: 'fax', preferredTime: '', termsAccepted: false, message: '' }),
    ).toEqual({
      name: 'Debe tener al menos 2 caracteres.',
      email: 'Ingrese un email válido.',
      phone: 'El teléfono debe tener al menos 9 dígitos.',
      preferredContactMethod: 'Seleccione cómo prefiere que lo contactemos.',
      preferredTime: 'Seleccione el horario en que prefiere ser contactado.',
      termsAccepted: 'Debe aceptar los términos y condiciones.',
    });
    expect(validateContact({ ...valid, phone: '' }).phone).toBe('El número de teléfono es obligatorio.');
    expect(validateContact({ ...valid, message: 'x'.repeat(2001) }).message).toBe('Debe tener como máximo 2000 caracteres.');
  });

  it("checks the phone and the name by the server's own rules, so the server never adds a second round of errors", () => {
    expect(validateContact({ ...valid, name: 'J'.repeat(101), phone: '123456789', termsAccepted: false })).toEqual({
      name: 'Debe tener como máximo 100 caracteres.',
      phone: 'Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).',
      termsAccepted: 'Debe aceptar los términos y condiciones.',
    });
    expect(validateContact({ ...valid, phone: '9 1234 5678' })).toEqual({});
  });

  it('sends what the API expects, with the project and unit it is about', () => {
    expect(contactRequestOf({ ...valid, name: '  Javier  ', message: ' Hola ' }, { kind: 'advisor', projectId: 'p1', unitId: null })).toEqual({
      kind: 'advisor',
      name: 'Javier',
      email: 'javier@empresa.cl',
      phone: '+56 9 1234 5678',
      preferredContactMethod: 'both',
      preferredTime: 'afternoon',
      termsAccepted: true,
      message: 'Hola',
      projectId: 'p1',
    });
  });
});

describe('contact saga (run with runSaga)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('closes the modal with the server message on success', async () => {
    const h = createHarness({ 'POST /contact-requests': () => ({ success: true, message: 'Recibimos su solicitud.' }) });
    h.run(contactSaga);
    h.dispatch(contactFormOpened({ kind: 'contact', projectId: 'p1', projectName: 'P1' }));
    h.dispatch(contactRequestSubmitted(contactRequestOf(valid, { kind: 'contact', projectId: 'p1', unitId: 'u1' })));
    expect(h.state.contact.status).toBe('sending');
    await settle();
    expect(h.state.contact).toMatchObject({ open: false, status: 'sent' });
    expect(h.toasts()).toEqual(['Recibimos su solicitud.']);
    h.stop();
  });

  it("any failure shows the spec's toast and keeps the server's field errors for the form", async () => {
    const h = createHarness({
      'POST /contact-requests': () => {
        throw new ApiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Algunos datos no son válidos. Revise el formulario.',
          severity: 'error',
          actions: [],
          fieldErrors: [{ field: 'phone', code: 'INVALID_CHILEAN_PHONE', message: 'Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).' }],
        });
      },
    });
    h.run(contactSaga);
    h.dispatch(contactFormOpened({ kind: 'advisor' }));
    h.dispatch(contactRequestSubmitted(contactRequestOf(valid, { kind: 'advisor', projectId: null, unitId: null })));
    await settle();
    expect(h.toasts()).toEqual(['Error al enviar la solicitud. Por favor, intente nuevamente.']);
    expect(h.state.contact).toMatchObject({ open: true, status: 'failed', error: { fieldErrors: [{ field: 'phone' }] } });
    h.stop();
  });
});

describe('profile', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const before = { name: 'Javier', firstLastName: 'González', secondLastName: 'Pérez', personalEmail: 'j@personal.cl', phone: '+56912345678' };

  it('sends only what changed (with the country code when the phone changes)', () => {
    expect(profileChangesOf(before, { ...before })).toEqual({});
    expect(profileChangesOf(before, { ...before, name: ' Javiera ', phone: '9 8765 4321' })).toEqual({
      name: 'Javiera',
      phone: '9 8765 4321',
      countryCode: '+56',
    });
  });

  it('saves, and the session (the header) learns the new name', async () => {
    const h = createHarness({
      'PATCH /me/profile': () => ({
        id: 'u1',
        email: 'colaborador@demo.cl',
        rut: '15234567-4',
        userInfo: {
          name: 'Javiera',
          first_last_name: 'González',
          second_last_name: 'Pérez',
          phone: '+56912345678',
          company: { id: 'b', name: 'Banco Andino S.A.' },
          company_contribution_uf: 150,
        },
      }),
    });
    const session = {
      user: {
        id: 'u1',
        email: 'colaborador@demo.cl',
        rut: null,
        name: 'Javier',
        firstLastName: 'González',
        secondLastName: 'Pérez',
        phone: null,
        verified: true,
        status: 'active',
      },
      roles: [],
      permissions: [],
      abilities: [],
      activeRole: 'collaborator',
      expiresAt: Date.now() + 60_000,
    } as SessionSnapshot;
    h.dispatch(sessionEstablished({ session }));
    h.run(profileSaga);
    h.dispatch(profileSaveSubmitted({ name: 'Javiera' }));
    await settle();
    expect(h.calls('PATCH', '/me/profile')[0].body).toEqual({ name: 'Javiera' });
    expect(h.state.profile).toMatchObject({ save: { status: 'saved' }, profile: { userInfo: { company_contribution_uf: 150 } } });
    expect(h.state.session.session?.user).toMatchObject({ name: 'Javiera', phone: '+56912345678' });
    expect(h.toasts()).toEqual(['Perfil actualizado correctamente.']);
    h.stop();
  });
});
