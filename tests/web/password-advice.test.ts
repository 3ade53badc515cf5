import { passwordAdvice, passwordPolicyMessage } from '../../web/src/features/auth/password-advice';
import { validateReset } from '../../web/src/features/auth/forms';
import { emptySignUp, validateSignUp } from '../../web/src/features/auth/sign-up-form';
import { validateProfile } from '../../web/src/features/profile/profile-form';

/** The web says why a password or a name would be refused, with the server's own rules and messages. */
const valid = {
  ...emptySignUp,
  workEmail: 'ana@empresa.cl',
  rut: '15.234.567-4',
  name: 'Ana',
  firstLastName: "O'Higgins",
  secondLastName: 'Pérez-Cotapos',
  personalEmail: 'ana@gmail.com',
  role: 'collaborator',
  phone: '9 1234 5678',
  password: 'Demo2026!',
  passwordConfirmation: 'Demo2026!',
  termsAccepted: true,
};

describe('password advice as the user types', () => {
  it('loads the common-password list on first use and names the problem in Spanish', async () => {
    expect(await passwordAdvice('password', {})).toBe('Esta contraseña es muy común o aparece en filtraciones conocidas. Elija otra menos predecible.');
    expect(await passwordAdvice('        ', {})).toBe('La contraseña no puede estar formada solo por espacios.');
    expect(await passwordAdvice('152345674', { rut: '15.234.567-4' })).toBe('La contraseña no puede ser su email ni su RUT.');
    expect(await passwordAdvice('Demo2026!', { email: 'ana@empresa.cl' })).toBeNull();
  });

  it('sign-up and reset refuse a blank password or the own email/RUT before sending', () => {
    expect(validateSignUp(valid)).toEqual({});
    const own = { ...valid, password: '15234567-4', passwordConfirmation: '15234567-4' };
    expect(validateSignUp(own).password).toBe('La contraseña no puede ser su email ni su RUT.');
    const blank = { ...valid, password: '        ', passwordConfirmation: '        ' };
    expect(validateSignUp(blank).password).toBe('La contraseña no puede estar formada solo por espacios.');
    expect(validateReset({ email: 'ana@empresa.cl', password: 'ana@empresa.cl', passwordConfirmation: 'ana@empresa.cl' }).password).toBe(
      'La contraseña no puede ser su email ni su RUT.',
    );
    expect(passwordPolicyMessage('', {})).toBeNull();
  });
});

describe('names are letters, spaces, apostrophes and hyphens', () => {
  it('sign-up and profile refuse "-0" and SQL-looking text', () => {
    expect(validateSignUp({ ...valid, name: '-0' }).name).toBe('Use solo letras, espacios, apóstrofos y guiones.');
    const profile = { name: 'Ana', firstLastName: "x'); DROP TABLE users;--", secondLastName: 'Soto', personalEmail: 'ana@gmail.com', phone: '9 1234 5678' };
    expect(validateProfile(profile)).toEqual({ firstLastName: 'Use solo letras, espacios, apóstrofos y guiones.' });
  });
});
