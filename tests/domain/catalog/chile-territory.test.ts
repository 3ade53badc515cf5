import { loadChileTerritory } from '../../../adapters/reference/load-chile-territory';
import { DomainError } from '../../../domain/shared/errors';

const territory = loadChileTerritory();

describe("Chile's territory (official codes)", () => {
  it('has 16 regions, 56 provinces and 346 communes', () => {
    expect(territory.regions()).toHaveLength(16);
    expect(territory.provinces()).toHaveLength(56);
    expect(territory.communes()).toHaveLength(346);
    expect(new Set(territory.communes().map((c) => c.code)).size).toBe(346);
  });

  it('places each commune in its region through its province', () => {
    expect(territory.commune('13120')).toMatchObject({ name: 'Ñuñoa', regionCode: '13' });
    expect(territory.commune('08301')).toMatchObject({ name: 'Los Ángeles', regionCode: '08' });
    expect(territory.region('13')).toMatchObject({ isoCode: 'CL-RM' });
    expect(territory.communes('13')).toHaveLength(52);
  });

  it('finds communes by name without accents, and by their other names', () => {
    expect(territory.searchCommunes('nunoa').map((c) => c.code)).toEqual(['13120']);
    expect(territory.searchCommunes('La Calera').map((c) => c.code)).toContain('05502');
    expect(territory.searchCommunes('Paihuano').map((c) => c.code)).toEqual(['04105']);
  });

  it('refuses an unknown region with INVALID_REGION and a commune of another region with INVALID_COMMUNE', () => {
    expect(territory.locate('05', '05109').commune.name).toBe('Viña del Mar');
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as DomainError).code;
      }
      return null;
    };
    expect(codeOf(() => territory.locate('17', '13101'))).toBe('INVALID_REGION');
    expect(codeOf(() => territory.locate('05', '13101'))).toBe('INVALID_COMMUNE');
    expect(codeOf(() => territory.locate('13', '99999'))).toBe('INVALID_COMMUNE');
  });
});
