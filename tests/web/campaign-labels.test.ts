import { campaignStatusLabel } from '../../contract/campaigns';

describe('the status a person reads for a campaign', () => {
  it('is "Programada" for a campaign launched before its start day, in Chile\'s calendar', () => {
    expect(campaignStatusLabel({ status: 'active', startDate: '2026-12-15' }, '2026-12-07')).toBe('Programada');
    expect(campaignStatusLabel({ status: 'active', startDate: '2026-12-07' }, '2026-12-07')).toBe('Activa');
    expect(campaignStatusLabel({ status: 'paused', startDate: '2026-12-15' }, '2026-12-07')).toBe('Pausada');
    expect(campaignStatusLabel({ status: 'draft', startDate: '2026-12-15' }, '2026-12-07')).toBe('Borrador');
  });
});
