import {
  formatCLP,
  formatDate,
  formatDateTime,
  formatMonth,
  formatPercent,
  formatPhone,
  formatRut,
  formatSurface,
  formatUF,
  formatUfValue,
  parseDecimal,
} from '../../web/src/shared/format/format';

describe('es-CL formatting', () => {
  it('CLP without decimals', () => {
    expect(formatCLP(1234567.6)).toBe('$1.234.568');
    expect(formatCLP(0)).toBe('$0');
  });

  it('UF with two decimals', () => {
    expect(formatUF(3000)).toBe('UF 3.000,00');
    expect(formatUF(1234.5)).toBe('UF 1.234,50');
    expect(formatUF(0.125)).toBe('UF 0,13');
  });

  it('dates as dd-mm-yyyy', () => {
    expect(formatDate('2024-03-05T12:00:00Z', 'UTC')).toBe('05-03-2024');
    expect(formatDate(new Date(Date.UTC(2023, 11, 31, 2, 0)), 'America/Santiago')).toBe('30-12-2023');
    expect(formatDate('not a date')).toBe('');
    // A calendar day is that day in any time zone (it showed the day before west of Greenwich).
    expect(formatDate('2026-12-30', 'America/Santiago')).toBe('30-12-2026');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('2024-03-05T15:07:00Z', 'UTC')).toBe('05-03-2024 15:07');
  });

  it('RUT with dots and dash', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('not a rut')).toBe('not a rut');
    expect(formatRut(null)).toBe('');
  });
});

describe('phones', () => {
  it('formats Chilean E.164 numbers as +56 9 1234 5678', () => {
    expect(formatPhone('+56912345678')).toBe('+56 9 1234 5678');
    expect(formatPhone('+56221234567')).toBe('+56 2 2123 4567');
    expect(formatPhone('+5411234')).toBe('+5411234');
  });
});

describe('amounts of the buyer screens', () => {
  it("the UF's own value keeps two decimals, in pesos", () => {
    expect(formatUfValue(40877.18)).toBe('$40.877,18');
    expect(formatUfValue(39000)).toBe('$39.000,00');
  });

  it('percentages, surfaces and months the es-CL way', () => {
    expect(formatPercent(4)).toBe('4,00 %');
    expect(formatPercent(33.091, 1)).toBe('33,1 %');
    expect(formatSurface(52.4)).toBe('52,4 m²');
    expect(formatSurface(1234.567)).toBe('1.234,57 m²');
    expect(formatMonth('2027-06')).toBe('junio de 2027');
    expect(formatMonth('pronto')).toBe('pronto');
  });

  it('reads numbers as Chileans type them', () => {
    expect(parseDecimal('4,5')).toBe(4.5);
    expect(parseDecimal('4.5')).toBe(4.5);
    expect(parseDecimal('3.000')).toBe(3000);
    expect(parseDecimal('3.000,75')).toBe(3000.75);
    expect(parseDecimal(' 20 ')).toBe(20);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('4,5,6')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
  });
});
