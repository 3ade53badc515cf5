/**
 * Generated pictures for the demo catalogue: building façades for covers and galleries, and floor plans
 * drawn from a unit's typology. Plain SVG, deterministic, a few KB each.
 */
const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PALETTES = [
  ['#6b1e7a', '#b56cc4', '#f3e6f7'],
  ['#1e4f7a', '#6ca3c4', '#e6f0f7'],
  ['#1e7a4f', '#6cc49a', '#e6f7ee'],
  ['#7a4f1e', '#c49a6c', '#f7eee6'],
  ['#7a1e2e', '#c46c7a', '#f7e6e9'],
];

export type PictureKind = 'cover' | 'card' | 'gallery' | 'additional';

/** A façade's size in pixels: a card's is 3:2, the others 16:9. */
export const facadeSize = (kind: PictureKind): { width: number; height: number } =>
  kind === 'card' ? { width: 600, height: 400 } : { width: 1200, height: 675 };

/** A façade: sky, a building whose height and windows vary with the seed, the project's name. */
export const facadeSvg = (title: string, subtitle: string, seed: number, kind: PictureKind): string => {
  const [dark, mid, light] = PALETTES[seed % PALETTES.length];
  const { width, height } = facadeSize(kind);
  // The building stays below the caption (title and subtitle at the top left): never drawn over them.
  const captionBottom = kind === 'card' ? 110 : 125;
  const room = height - 40 - captionBottom;
  const floors = Math.min(4 + (seed % 9), Math.floor((room - 40) / 34));
  const columns = 3 + (seed % 4);
  const bw = width * 0.36;
  const bh = floors * 34 + 40;
  const bx = (width - bw) / 2;
  const by = height - bh - 40;
  const windows: string[] = [];
  for (let f = 0; f < floors; f++)
    for (let c = 0; c < columns; c++) {
      const lit = (seed + f * 7 + c * 3) % 5 === 0;
      windows.push(
        `<rect x="${(bx + 16 + c * ((bw - 32) / columns)).toFixed(1)}" y="${(by + 20 + f * 34).toFixed(1)}" width="${((bw - 32) / columns - 10).toFixed(1)}" height="20" rx="2" fill="${lit ? '#ffe9a8' : light}"/>`,
      );
    }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<rect x="0" y="${height - 40}" width="${width}" height="40" fill="${dark}" opacity="0.25"/>
<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${dark}"/>
${windows.join('\n')}
<text x="32" y="56" font-family="sans-serif" font-size="${kind === 'card' ? 28 : 44}" font-weight="700" fill="${dark}">${escape(title)}</text>
<text x="32" y="${kind === 'card' ? 90 : 100}" font-family="sans-serif" font-size="${kind === 'card' ? 18 : 26}" fill="${dark}">${escape(subtitle)}</text>
</svg>
`;
};

/** A floor plan: a living area, then one room per bedroom and bathroom, with their names. */
/** A plan's surface as a Chilean reads it: 69,6 m² (decimal comma). */
const SURFACE = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const floorPlanSvg = (title: string, bedrooms: number, bathrooms: number, surface: number): string => {
  const rooms: { name: string; w: number }[] = [
    { name: bedrooms > 0 ? 'Living-comedor' : 'Planta libre', w: 3 },
    { name: 'Cocina', w: 1.5 },
  ];
  for (let i = 1; i <= bedrooms; i++) rooms.push({ name: i === 1 ? 'Dormitorio principal' : `Dormitorio ${i}`, w: 2 });
  for (let i = 1; i <= bathrooms; i++) rooms.push({ name: `Baño ${i}`, w: 1 });
  const total = rooms.reduce((sum, r) => sum + r.w, 0);
  const width = 900;
  let x = 40;
  const cells = rooms.map((room, i) => {
    const w = (room.w / total) * (width - 80);
    const top = i % 2 === 0 ? 90 : 300;
    const cell = `<rect x="${x.toFixed(1)}" y="${top}" width="${w.toFixed(1)}" height="200" fill="#fff" stroke="#333" stroke-width="3"/>
<text x="${(x + w / 2).toFixed(1)}" y="${top + 105}" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#333">${escape(room.name)}</text>`;
    x += w;
    return cell;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 560" width="${width}" height="560">
<rect width="${width}" height="560" fill="#f7f5f0"/>
<text x="40" y="50" font-family="sans-serif" font-size="24" font-weight="700" fill="#333">${escape(title)}</text>
<text x="${width - 40}" y="50" font-family="sans-serif" font-size="18" text-anchor="end" fill="#555">${SURFACE.format(surface)} m²</text>
${cells.join('\n')}
</svg>
`;
};
