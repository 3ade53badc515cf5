import { accountKey } from '../../domain/accounts/login-identifier';
import { isCommonPassword } from '../../domain/shared/password-common-list';
import { passwordProblem } from '../../domain/shared/password-policy';

const owner = { email: 'Ana.Perez@empresa.cl', rut: '15.234.567-4' };
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
