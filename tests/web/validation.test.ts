import { validateEmailForm, validateLandingLogin, validateReset, validateSignIn } from '../../web/src/features/auth/forms';
import { emptySignUp, validateSignUp, type SignUpValues } from '../../web/src/features/auth/sign-up-form';
import { phone } from '../../web/src/shared/validation/phone-rule';
import { email, emailOrRut, lengthBetween, MSG, password, passwordConfirmation, rut } from '../../web/src/shared/validation/rules';

describe('field rules (spec §5)', () => {
  it('emails', () => {
    expect(email('')).toBe(MSG.required);
    expect(email('no-at-sign')).toBe(MSG.email);
    expect(email(' ana@empresa.cl ')).toBeNull();
  });

  it('RUT with a valid check digit', () => {
    expect(rut('')).toBe('El RUT es obligatorio para continuar.');
    expect(rut('12.345.678-9')).toBe('Por favor revise su RUT. El dígito verificador no es válido.');
    expect(rut('12.345.678-5')).toBeNull();
    expect(rut('16612283k')).toBeNull();
  });

  it('email or RUT for login', () => {
    expect(emailOrRut('')).toBe(MSG.required);
    expect(emailOrRut('12.345.678-5')).toBeNull();
    expect(emailOrRut('12.345.678-9')).toBe(MSG.rutInvalid);
    expect(emailOrRut('ana@empresa.cl')).toBeNull();
    expect(emailOrRut('ana')).toBe(MSG.emailOrRut);
  });

  it('lengths and passwords', () => {
    expect(lengthBetween(2, 50)('A')).toBe('Debe tener al menos 2 caracteres.');
    expect(lengthBetween(2, 50)('x'.repeat(51))).toBe('Debe tener como máximo 50 caracteres.');
    expect(lengthBetween(2, 50)('Ña')).toBeNull();
    expect(password(8)('1234567')).toBe('Debe tener al menos 8 caracteres.');
    expect(password(8)('12345678')).toBeNull();
    expect(passwordConfirmation('abcdefgh')('')).toBe(MSG.confirmationRequired);
    expect(passwordConfirmation('abcdefgh')('abcdefgi')).toBe('Las contraseñas no coinciden.');
  });

  it('Chilean phones by the server rule, other countries by digit count', () => {
    expect(phone('+56')('')).toBe('El número de teléfono es obligatorio.');
    expect(phone('+56')('9 1234 5678')).toBeNull();
    expect(phone('+56')('1234')).toBe('Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).');
    expect(phone('+54')('11 2345')).toBe('El teléfono debe tener al menos 9 dígitos.');
    expect(phone('+54')('11 2345 6789')).toBeNull();
  });
});

describe('login forms: 6 characters on the landing page, 8 on the sign-in page', () => {
  const values = { login: 'ana@empresa.cl', password: '123456', rememberMe: false };
  it('accepts a 6-character password on the landing form only', () => {
    expect(validateLandingLogin(values)).toEqual({});
    expect(validateSignIn(values)).toEqual({ password: 'Debe tener al menos 8 caracteres.' });
  });
  it('requires both fields', () => {
    expect(validateSignIn({ login: '', password: '', rememberMe: true })).toEqual({ login: MSG.required, password: MSG.required });
  });
});

describe('sign-up form', () => {
  const valid: SignUpValues = {
    workEmail: 'ana@empresa.cl',
    rut: '12.345.678-5',
    name: 'Ana',
    firstLastName: 'Pérez',
    secondLastName: 'Soto',
    personalEmail: 'ana@gmail.com',
    role: 'collaborator',
    countryCode: '+56',
    phone: '912345678',
    password: 'secreta123',
    passwordConfirmation: 'secreta123',
    termsAccepted: true,
    marketingConsent: false,
  };

  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('reports every rule on the empty form, with +56 as the default country code', () => {
    expect(emptySignUp.countryCode).toBe('+56');
    expect(validateSignUp(emptySignUp)).toEqual({
      workEmail: MSG.required,
      rut: MSG.rutRequired,
      name: MSG.required,
      firstLastName: MSG.required,
      secondLastName: MSG.required,
      personalEmail: MSG.required,
      role: MSG.roleRequired,
      phone: MSG.phoneRequired,
      password: MSG.required,
      passwordConfirmation: MSG.confirmationRequired,
      termsAccepted: MSG.termsRequired,
    });
  });

  it('checks names 2-50, roles collaborator/manager/director, matching passwords and the RUT digit', () => {
    expect(validateSignUp({ ...valid, secondLastName: 'S', role: 'admin', passwordConfirmation: 'otra12345', rut: '12345678-9' })).toEqual({
      secondLastName: 'Debe tener al menos 2 caracteres.',
      role: MSG.roleRequired,
      passwordConfirmation: MSG.passwordMismatch,
      rut: MSG.rutInvalid,
    });
    for (const role of ['collaborator', 'manager', 'director']) expect(validateSignUp({ ...valid, role })).toEqual({});
  });
});

describe('password recovery forms', () => {
  it('forgot password / resend need a valid email', () => {
    expect(validateEmailForm({ email: '' })).toEqual({ email: MSG.required });
    expect(validateEmailForm({ email: 'ana@empresa.cl' })).toEqual({});
  });
  it('reset: email, password min 6 and a matching confirmation', () => {
    expect(validateReset({ email: 'ana@empresa.cl', password: '12345', passwordConfirmation: '12345' })).toEqual({
      password: 'Debe tener al menos 6 caracteres.',
    });
    expect(validateReset({ email: 'x', password: '123456', passwordConfirmation: '654321' })).toEqual({
      email: MSG.email,
      passwordConfirmation: MSG.passwordMismatch,
    });
    expect(validateReset({ email: 'ana@empresa.cl', password: '123456', passwordConfirmation: '123456' })).toEqual({});
  });
});
