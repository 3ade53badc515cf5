import { dayBoundary, dayOrEmpty } from '../../web/src/shared/kit/day-filters';
import { historyFieldLabel, historyValue } from '../../web/src/shared/kit/history-values';

describe('Historial: how changed values read', () => {
  it('booleans, nothing, lists, states and instants in Spanish', () => {
    expect(historyValue(true)).toBe('Sí');
    expect(historyValue(false)).toBe('No');
    expect(historyValue(null)).toBe('—');
    expect(historyValue('')).toBe('—');
    expect(historyValue(['collaborator', 'user'])).toBe('collaborator, user');
    expect(historyValue([])).toBe('—');
    expect(historyValue('payment_started')).toBe('Pago iniciado');
    expect(historyValue('confirmed')).toBe('Confirmada');
    expect(historyValue('titular suprimido')).toBe('titular suprimido');
    expect(historyValue(500000)).toBe('500000');
    expect(historyValue('2026-11-22T15:04:00.000Z')).toMatch(/^\d{2}-\d{2}-2026 \d{2}:\d{2}$/);
    expect(historyValue({ companyId: 'a' })).toBe('{"companyId":"a"}');
  });

  it('names known fields in Spanish and others as they are', () => {
    expect(historyFieldLabel('status')).toBe('Estado');
    expect(historyFieldLabel('gatewayReference')).toBe('Referencia de la pasarela');
    expect(historyFieldLabel('nuevoCampo')).toBe('nuevoCampo');
  });
});

describe('list filters: days', () => {
  it('a day in the URL is kept, anything else dropped; a day is sent as the instants bounding it', () => {
    expect(dayOrEmpty('2026-11-22')).toBe('2026-11-22');
    expect(dayOrEmpty('22-11-2026')).toBe('');
    const start = new Date(dayBoundary('2026-11-22', 'start')!);
    const end = new Date(dayBoundary('2026-11-22', 'end')!);
    expect(end.getTime() - start.getTime()).toBe(24 * 3_600_000 - 1);
    expect(start.getHours()).toBe(0);
    expect(dayBoundary('ayer', 'start')).toBeUndefined();
  });
});
