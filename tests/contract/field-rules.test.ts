import type { ZodType } from 'zod';
import { calendarDate, calendarMonth, fullNameField, labelField, optionalPersonNameField, personNameField, webAddressField } from '../../contract/common';
import { fieldErrorsFromZod } from '../../adapters/http/errors';

/** The field error a value earns under a schema, or null when it passes. */
const verdict = (schema: ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : fieldErrorsFromZod(result.error)[0];
};

/** One rule per kind of field (issue 47.10): contract/common.ts over domain/shared. */
describe('field rules', () => {
  describe('a person’s name', () => {
    it.each(['María José', "O'Higgins", 'Pérez-Cotapos', 'Ñuñez', 'Zoë', 'Nguyễn', '李小龍'])('accepts %s', (name) => {
      expect(verdict(personNameField, name)).toBeNull();
      expect(verdict(fullNameField, `${name} Soto`)).toBeNull();
    });

    it.each([
      ['a bidi override', 'Ana\u202Eazor'],
      ['a right-to-left isolate', 'Ana\u2067x'],
      ['a zero-width space', 'An\u200Ba'],
      ['a zero-width joiner', 'An\u200Da'],
      ['a byte-order mark inside', 'An\uFEFFa'],
      ['NUL', 'Ana\u0000'],
      ['a line break', 'Ana\nSoto'],
      ['a lone high surrogate', 'Ana\uD800'],
      ['a lone low surrogate', '\uDC00Ana'],
      ['only combining marks', '\u0301\u0301\u0301'],
      ['a leading combining mark', '\u0301Ana'],
      ['markup', '<b>Ana</b>'],
      ['digits', 'Ana 2'],
      ['SQL', "x'); DROP TABLE users;--"],
    ])('refuses %s', (_kind, name) => {
      expect(verdict(personNameField, name)).toMatchObject({ code: 'INVALID_NAME', message: 'Use solo letras, espacios, apóstrofos y guiones.' });
      expect(verdict(fullNameField, name)).toMatchObject({ code: 'INVALID_NAME' });
    });

    it('keeps the lengths of spec §5 (2 to 50; a full name up to 100); a second surname may be empty', () => {
      expect(verdict(personNameField, 'A')).toMatchObject({ code: 'MIN_LENGTH' });
      expect(verdict(personNameField, 'a'.repeat(51))).toMatchObject({ code: 'MAX_LENGTH' });
      expect(verdict(fullNameField, 'a'.repeat(100))).toBeNull();
      expect(verdict(optionalPersonNameField, '')).toBeNull();
      expect(verdict(optionalPersonNameField, 'Ana\u200B')).not.toBeNull();
    });
  });

  describe('the name of a thing', () => {
    const label = labelField(2, 120);
    it.each(['Inmobiliaria Andes SpA', 'Banco de Chile', 'Edificio Ñuñoa 2 (etapa II)', 'Campaña "Primavera" 2026 – 50% pie', 'Pehuén & Cía.', 'A1'])(
      'accepts %s',
      (name) => expect(verdict(label, name)).toBeNull(),
    );
    it.each(['Andes\u202E SpA', 'An\u200Bdes', 'Andes\u0000', 'Andes\uD800', '\u0301\u0301', '<script>x</script>', 'Andes <b>SpA</b>', '---', '\uE000Andes'])(
      'refuses %j',
      (name) => expect(verdict(label, name)).toMatchObject({ code: 'INVALID_TEXT', message: expect.stringMatching(/^Use letras, números/) }),
    );
  });

  describe('a day', () => {
    it.each(['2026-02-28', '2028-02-29', '2000-02-29', '1900-01-01', '2100-12-31', '2026-12-31'])('accepts %s', (day) =>
      expect(verdict(calendarDate, day)).toBeNull(),
    );
    it.each([
      '2026-02-31',
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '0000-01-01',
      '1800-01-01',
      '2101-01-01',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-1',
      '2026-1-01',
      '',
    ])('refuses %j with a Spanish message', (day) =>
      expect(verdict(calendarDate, day)).toEqual({ field: '_', code: 'INVALID_DATE', message: 'Ingrese una fecha válida (día, mes y año entre 1900 y 2100).' }),
    );
    it('a timestamp is not a day', () => expect(verdict(calendarDate, '2026-01-01T00:00:00Z')).not.toBeNull());
    it('a month, in the same years', () => {
      expect(verdict(calendarMonth, '2027-06')).toBeNull();
      for (const month of ['0000-01', '2027-13', '1800-06', '2027-6']) expect(verdict(calendarMonth, month)).toMatchObject({ code: 'INVALID_DATE' });
    });
  });

  describe('a web address', () => {
    it.each(['', 'https://www.empresa.cl', 'http://empresa.cl/contacto?x=1', 'https://www.linkedin.com/company/pehuen', 'https://instagram.com/pehuen'])(
      'accepts %j',
      (url) => expect(verdict(webAddressField, url)).toBeNull(),
    );
    it.each([
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://empresa.cl',
      '//empresa.cl',
      'www.empresa.cl',
      'https://user:clave@empresa.cl',
      'https://127.0.0.1',
      'https://localhost',
      'https://empresa',
    ])('refuses %j', (url) =>
      expect(verdict(webAddressField, url)).toMatchObject({ code: 'INVALID_URL', message: expect.stringMatching(/^Ingrese una dirección web/) }),
    );
  });
});
