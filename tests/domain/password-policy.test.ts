import { accountKey } from '../../domain/accounts/login-identifier';
import { isCommonPassword } from '../../domain/shared/password-common-list';
import { passwordProblem } from '../../domain/shared/password-policy';

const owner = {
  email: 'Ana.Perez@empresa.cl',
  rut: '15.234.567-4',
  names: ['Ana María', 'Pérez', 'Muñoz'],
  otherEmails: ['anita.p77@gmail.com'],
};
const problem = (password: string) => passwordProblem(password, owner, isCommonPassword);

describe('password policy (OWASP ASVS 2.1)', () => {
  it.each(['password', 'Password', '12345678', 'qwerty123', 'iloveyou'])('refuses the common password %s', (p) => {
    expect(problem(p)).toBe('PASSWORD_TOO_COMMON');
  });

  it.each(['        ', ' \t '])('refuses a blank password %j', (p) => expect(problem(p)).toBe('PASSWORD_BLANK'));

  it.each(['ana.perez@empresa.cl', 'ANA.PEREZ@EMPRESA.CL', 'ana.perez', '15.234.567-4', '152345674', '15234567-4', '15234567'])(
    "refuses the owner's email or RUT: %s",
    (p) => expect(problem(p)).toBe('PASSWORD_MATCHES_IDENTITY'),
  );

  it.each(['Ana2026!', 'perez.munoz', 'PEREZ-1990', 'MariaAna', 'AnaAnaAna', 'Muñoz#2026', 'anita!!77', 'maria2026'])(
    "refuses a password built from the owner's name, surnames or email local part: %s",
    (p) => expect(problem(p)).toBe('PASSWORD_BUILT_FROM_NAME'),
  );

  it.each(['aaaaaaaa', '11111111', '........', '😀😀😀😀😀😀😀😀'])('refuses one character repeated: %s', (p) =>
    expect(problem(p)).toBe('PASSWORD_REPEATED_CHARACTER'),
  );

  it.each(['Clave\u0000Segura26', 'Clave\tSegura26', 'Clave\u007fSegura26', 'Clave\u0085Segura26'])('refuses control characters: %j', (p) =>
    expect(problem(p)).toBe('PASSWORD_CONTROL_CHARACTERS'),
  );

  it('a name inside a longer password of other words is fine', () => {
    expect(problem('Ana-viaja-a-Chiloé-2026')).toBeNull();
    expect(passwordProblem('Rojas2026!', { names: ['Ana', 'Pérez'] })).toBeNull();
  });

  it('accepts the demo password and an ordinary strong one', () => {
    expect(problem('Demo2026!')).toBeNull();
    expect(problem('ClaveSegura1!')).toBeNull();
    expect(problem('caballo correcto batería grapa')).toBeNull();
  });
});

describe('one throttling key per account, whatever the spelling', () => {
  it('folds email case and spaces', () => {
    expect(accountKey(' Ana.Perez@Empresa.CL ')).toBe(accountKey('ana.perez@empresa.cl'));
  });

  it('folds RUT dots, dash, spaces and k/K, even with a wrong check digit', () => {
    const keys = ['12.345.678-5', '12345678-5', '123456785', ' 12 345 678-5'].map(accountKey);
    expect(new Set(keys).size).toBe(1);
    expect(accountKey('10.000.013-k')).toBe(accountKey('10000013K'));
    expect(accountKey('12.345.678-9')).toBe(accountKey('123456789'));
  });
});
