import { facadeSvg, floorPlanSvg, type PictureKind } from '../../adapters/seed/demo-catalogue-svg';

/** The demo pictures the catalogue cards and galleries show: the caption is never covered by the building. */
describe('demo façade pictures', () => {
  const numbers = (svg: string, pattern: RegExp) => [...svg.matchAll(pattern)].map((m) => Number(m[1]));

  it.each<PictureKind>(['card', 'cover', 'gallery', 'additional'])('%s: every building and window starts below the caption, whatever its height', (kind) => {
    for (let seed = 0; seed < 60; seed++) {
      const svg = facadeSvg('Centro Logístico Colina', 'Colina · Tarjeta', seed, kind);
      const captionBottom = Math.max(...numbers(svg, /<text x="32" y="(\d+)"/g));
      const shapeTops = numbers(svg, /<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="(?!40")/g);
      expect(shapeTops.length).toBeGreaterThan(0);
      expect(Math.min(...shapeTops)).toBeGreaterThan(captionBottom);
    }
  });

  it("a floor plan writes its surface with Chile's decimal comma", () => {
    const svg = floorPlanSvg('2D2B modelo A', 2, 2, 69.6);
    expect(svg).toContain('>69,6 m²</text>');
    expect(svg).not.toContain('69.6');
  });
});
