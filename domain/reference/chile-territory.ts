import { DomainError } from '../shared/errors';

/**
 * Chile's territorial division (Código Único Territorial): regions, provinces and communes with their
 * official codes. The rows come from reference files loaded by an adapter at start-up; this lookup only
 * answers questions about them, so domain code can validate a location without any I/O.
 */
export interface Region {
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly abbreviation: string;
  readonly isoCode: string;
}

export interface Province {
  readonly code: string;
  readonly name: string;
  readonly regionCode: string;
}

export interface Commune {
  readonly code: string;
  readonly name: string;
  readonly provinceCode: string;
  readonly regionCode: string;
}

/** Names also in use for a commune besides the official one (search matches both). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  '05502': ['La Calera'],
  '04105': ['Paihuano'],
};

/** Lower case, no accents, single spaces: how names are compared. */
export const normaliseName = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

export class ChileTerritory {
  private readonly regionsByCode: ReadonlyMap<string, Region>;
  private readonly provincesByCode: ReadonlyMap<string, Province>;
  private readonly communesByCode: ReadonlyMap<string, Commune>;

  constructor(regions: readonly Region[], provinces: readonly Province[], communes: readonly { code: string; name: string; provinceCode: string }[]) {
    this.regionsByCode = new Map(regions.map((r) => [r.code, r]));
    this.provincesByCode = new Map(provinces.map((p) => [p.code, p]));
    this.communesByCode = new Map(
      communes.map((c) => {
        const province = this.provincesByCode.get(c.provinceCode);
        if (!province) throw new Error(`Commune ${c.code} names an unknown province ${c.provinceCode}`);
        return [c.code, { ...c, regionCode: province.regionCode }];
      }),
    );
  }

  regions(): Region[] {
    return [...this.regionsByCode.values()];
  }

  provinces(): Province[] {
    return [...this.provincesByCode.values()];
  }

  communes(regionCode?: string): Commune[] {
    const all = [...this.communesByCode.values()];
    return regionCode === undefined ? all : all.filter((c) => c.regionCode === regionCode);
  }

  region(code: string): Region | undefined {
    return this.regionsByCode.get(code);
  }

  commune(code: string): Commune | undefined {
    return this.communesByCode.get(code);
  }

  /** Communes whose official name or alias contains the text (accents and case ignored). */
  searchCommunes(text: string): Commune[] {
    const wanted = normaliseName(text);
    return this.communes().filter((c) => [c.name, ...(ALIASES[c.code] ?? [])].some((n) => normaliseName(n).includes(wanted)));
  }

  /**
   * The region and commune of an address, or the catalogue's refusal: INVALID_REGION for an unknown region,
   * INVALID_COMMUNE for an unknown commune or one that belongs to another region.
   */
  locate(regionCode: string, communeCode: string): { region: Region; commune: Commune } {
    const region = this.regionsByCode.get(regionCode);
    if (!region) throw new DomainError('INVALID_REGION', `region ${regionCode}`, [{ field: 'regionCode', code: 'INVALID_REGION' }]);
    const commune = this.communesByCode.get(communeCode);
    if (!commune || commune.regionCode !== regionCode)
      throw new DomainError('INVALID_COMMUNE', `commune ${communeCode} in region ${regionCode}`, [{ field: 'communeCode', code: 'INVALID_COMMUNE' }]);
    return { region, commune };
  }
}
