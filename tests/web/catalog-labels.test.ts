import { bedroomFilterLabel, bedroomRange, programLabel } from '../../web/src/features/catalog/labels';

describe('bedrooms as the catalogue says them', () => {
  it('a home without bedrooms is a studio; a warehouse, office or lot has no bedrooms to speak of', () => {
    expect(bedroomRange([0], 'department')).toBe('Estudio');
    expect(bedroomRange([0], 'warehouse')).toBe('');
    expect(bedroomRange([0], 'office')).toBe('');
    expect(bedroomRange([0, 1, 3], 'department')).toBe('1 a 3 dormitorios');
    expect(bedroomRange([2], 'house')).toBe('2 dormitorios');
  });

  it("a unit's program", () => {
    expect(programLabel(2, 1, 'department')).toBe('2 dormitorios, 1 baño');
    expect(programLabel(0, 1, 'department')).toBe('Estudio, 1 baño');
    expect(programLabel(0, 2, 'office')).toBe('2 baños');
    expect(programLabel(0, 0, 'warehouse')).toBe('Sin dormitorios');
  });

  it("the explore filter's 0 finds studios and properties without bedrooms, and says so", () => {
    expect(bedroomFilterLabel(0)).toBe('Estudio o sin dormitorios');
    expect(bedroomFilterLabel(1)).toBe('1 dormitorio');
  });
});
