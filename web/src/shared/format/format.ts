/** The web's formatting is the platform's (domain/shared/es-cl-format.ts), plus reading what people type. */
export {
  formatCLP,
  formatUF,
  formatInteger,
  formatDate,
  formatDateTime,
  formatRut,
  formatPhone,
  formatUfValue,
  formatPercent,
  formatSurface,
  formatMonth,
} from '../../../../domain/shared/es-cl-format';

/**
 * A number typed by a Chilean user: '4,5' and '4.5' are four and a half, '3.000' and '3.000,5' use the
 * dot as thousands separator. null when it is not a number.
 */
export const parseDecimal = (text: string): number | null => {
  const compact = text.trim().replace(/\s/g, '');
  if (compact === '') return null;
  let normalised: string;
  if (compact.includes(',')) normalised = compact.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(compact)) normalised = compact.replace(/\./g, '');
  else normalised = compact;
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
};
