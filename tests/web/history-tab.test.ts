import { dayBoundary, dayOrEmpty } from '../../web/src/shared/kit/day-filters';
import { historyFieldLabel, historyValue } from '../../web/src/shared/kit/history-values';

describe('Historial: how changed values read', () => {
  it('booleans, nothing, lists, states and instants in Spanish', () => {
    expect(historyValue(true)).toBe('Sí');
    expect(historyValue(false)).toBe('No');
    expect(historyValue(null)).toBe('—');
    expect(historyValue('')).toBe('—');
    expect(historyValue(['collaborator', 'user'], 'roles')).toBe('Colaborador, Usuario');
    expect(historyValue([])).toBe('—');
    expect(historyValue('payment_started')).toBe('Pago iniciado');
    expect(historyValue('confirmed')).toBe('Confirmada');
    expect(historyValue('titular suprimido')).toBe('titular suprimido');
    // Chile's time (UTC-3 in November), whatever the zone of the machine showing it.
    expect(historyValue('2026-11-22T15:04:00.000Z')).toBe('22-11-2026 12:04');
  });

  it('values of closed vocabularies by their field, in Spanish', () => {
    expect(historyValue('collaborator', 'post')).toBe('Colaborador');
    expect(historyValue('employer', 'kind')).toBe('Empresa empleadora');
    expect(historyValue('aborted', 'failure')).toBe('Anulado por el comprador');
    expect(historyValue('user', 'roles')).toBe('Usuario');
    expect(historyValue('department', 'assetType')).toBe('Departamento');
  });

  it('amounts es-CL: pesos without decimals, UF and percentages with two, surfaces in m²', () => {
    expect(historyValue(500000, 'amountCLP')).toBe('$500.000');
    expect(historyValue(3572, 'regularPrice')).toBe('UF 3.572,00');
    expect(historyValue(4.04, 'creditInterestRate')).toBe('4,04 %');
    expect(historyValue(69.6, 'innerSurface')).toBe('69,6 m²');
    expect(historyValue(1500, 'quantity')).toBe('1.500');
  });

  it('a record by its fields’ labels, without its ids', () => {
    expect(historyValue({ companyId: 'a', name: 'Inmobiliaria Andes' }, 'realEstate')).toBe('Nombre: Inmobiliaria Andes');
    expect(historyValue({ bonusEnabled: false, bonusDescription: '' }, 'pricing')).toBe('Bono pie habilitado: No; Descripción del bono: —');
  });

  it('names known fields in Spanish and others in words, never by their code name', () => {
    expect(historyFieldLabel('status')).toBe('Estado');
    expect(historyFieldLabel('gatewayReference')).toBe('Referencia de la pasarela');
    expect(historyFieldLabel('post')).toBe('Cargo');
    expect(historyFieldLabel('nuevoCampo')).toBe('Nuevo campo');
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
