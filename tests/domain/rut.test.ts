import { formatRut, parseRut, computeCheckDigit, looksLikeRut } from '../../domain/shared/rut';

describe('RUT (modulo 11)', () => {
  it.each([
    ['12.345.678-5', '12345678-5'],
    ['12345678-5', '12345678-5'],
    ['123456785', '12345678-5'],
    ['5.126.663-3', '5126663-3'],
    ['16.612.283-K', '16612283-K'],
    ['16612283k', '16612283-K'],
    ['16.612.274-0', '16612274-0'],
  ])('accepts %s as %s', (input, canonical) => {
    expect(parseRut(input)).toBe(canonical);
  });

  it.each(['12.345.678-9', '', 'abc', '1-1', '12345678-', "1' OR 1=1 --"])('refuses %p', (input) => {
    expect(parseRut(input)).toBeNull();
  });

  it('computes 0 and K check digits', () => {
    expect(computeCheckDigit('16612283')).toBe('K');
    expect(computeCheckDigit('16612274')).toBe('0');
    expect(computeCheckDigit('11111111')).toBe('1');
  });

  it('formats with dots and dash', () => {
    expect(formatRut('12345678-5')).toBe('12.345.678-5');
    expect(formatRut('5126663-3')).toBe('5.126.663-3');
  });

  it('tells a RUT login from an email login', () => {
    expect(looksLikeRut('12.345.678-5')).toBe(true);
    expect(looksLikeRut('ana@demo.cl')).toBe(false);
  });
});
