import { internalText, internalTextOfCsv } from '../support/internal-text';

/** The journey test's rules (tests/e2e/internal-text.e2e.test.ts) catch what issue 46 found people reading. */
describe('internal text', () => {
  it('catches raw field names, English values, ISO and UTC times, and money without separators', () => {
    const rules = (text: string) => internalText('x', text).map((f) => f.rule);
    expect(rules('post: collaborator')).toEqual(['English value']);
    expect(rules('kind: employer · failure: aborted')).toEqual(['English value', 'English value']);
    expect(rules('unitId: mirador-providencia-201')).toEqual(['camelCase field name']);
    expect(rules('Roles: — → user')).toEqual(['English value']);
    expect(rules('Monto (CLP): 500000')).toEqual(['money without thousands separator']);
    expect(rules('_id: 3a9b · firstLastName: Rojas')).toEqual(['camelCase field name', 'snake_case name']);
    expect(rules('joinedAt: 07-12-2026 18:41 UTC')).toEqual(['camelCase field name', 'UTC time']);
    expect(rules('Fecha: 2026-12-07T18:41:16.368Z')).toEqual(['ISO date or instant']);
    expect(rules('con la UF del 07-12-2026 ($40938)')).toEqual(['money without thousands separator']);
  });

  it('lets Spanish, es-CL text and addresses through', () => {
    expect(internalText('x', 'Monto: $500.000 · Precio: UF 3.572,00 · 07-12-2026 15:41 · comprador_1@empresa.cl · /backoffice/users')).toEqual([]);
  });

  it('reads a CSV export’s money columns as money', () => {
    expect(internalTextOfCsv('x', 'Reserva,Monto\r\nr1,500000\r\nr2,$500.000\r\n').map((f) => f.text)).toEqual(['500000']);
  });
});
