import type { FinancialParameter } from '../../../../../contract/financial-parameters';
import { formatInteger, formatPercent } from '../../../shared/format/format';

export const CATEGORY_LABELS: Record<FinancialParameter['category'], string> = {
  CAE: 'CAE',
  INSURANCE: 'Seguros',
  TAXES: 'Impuestos',
  FEES: 'Comisiones y gastos',
  RATES: 'Tasas',
  PERIODS: 'Plazos',
  LIMITS: 'Límites',
};

export const TYPE_LABELS: Record<FinancialParameter['type'], string> = {
  percentage: 'Porcentaje',
  currency: 'Monto',
  days: 'Días',
  rate: 'Tasa',
  number: 'Número',
};

const upTo = (digits: number) => new Intl.NumberFormat('es-CL', { maximumFractionDigits: digits });

/** A parameter's value as es-CL text, by its type (a rate keeps its small decimals: 0,015 %). */
export const formatParameterValue = (type: FinancialParameter['type'], value: number | null): string => {
  if (value === null) return '—';
  switch (type) {
    case 'percentage':
      return formatPercent(value, value % 1 === 0 ? 0 : 2);
    case 'rate':
      return `${upTo(6).format(value)} %`;
    case 'days':
      return `${formatInteger(value)} días`;
    case 'currency':
      return upTo(2).format(value);
    default:
      return upTo(6).format(value);
  }
};

/** A history value (any field) as text. */
export const formatHistoryValue = (field: string, value: unknown, type: FinancialParameter['type']): string => {
  if (value === null || value === undefined) return '—';
  if (field === 'value' || field === 'minValue' || field === 'maxValue') return formatParameterValue(type, value as number);
  if (field === 'active') return value ? 'Sí' : 'No';
  if (field === 'category') return CATEGORY_LABELS[value as FinancialParameter['category']] ?? String(value);
  if (field === 'type') return TYPE_LABELS[value as FinancialParameter['type']] ?? String(value);
  return String(value);
};

export const FIELD_LABELS: Record<string, string> = {
  name: 'Nombre',
  description: 'Descripción',
  value: 'Valor',
  category: 'Categoría',
  type: 'Tipo',
  minValue: 'Mínimo',
  maxValue: 'Máximo',
  active: 'Activo',
};
