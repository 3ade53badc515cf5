import fs from 'node:fs';
import path from 'node:path';
import { EVENT_LABELS, eventLabel } from '../../application/audit/event-labels';

/** The unions of the aggregates whose history GET /history/{entity}/{id} shows, read from the domain's source. */
const UNIONS: readonly [file: string, union: string][] = [
  ['domain/catalog/project.ts', 'ProjectEvent'],
  ['domain/catalog/unit.ts', 'UnitEvent'],
  ['domain/reservations/reservation.ts', 'ReservationEvent'],
  ['domain/campaigns/campaign.ts', 'CampaignEvent'],
  ['domain/leads/lead.ts', 'LeadEvent'],
  ['domain/accounts/user.ts', 'UserEvent'],
  ['domain/access/user-roles.ts', 'UserRolesEvent'],
  ['domain/companies/company.ts', 'CompanyEvent'],
];

const typesOf = (file: string, union: string): string[] => {
  const source = fs.readFileSync(path.join(__dirname, '../..', file), 'utf8');
  const start = source.indexOf(`export type ${union} =`);
  if (start < 0) throw new Error(`${union} not found in ${file}`);
  const end = source.indexOf('\n\n', start);
  const block = source.slice(start, end < 0 ? undefined : end);
  return [...block.matchAll(/DomainEvent<\s*'(\w+)'/g)].map((m) => m[1]);
};

describe('event labels of the history (one table, every event labelled)', () => {
  const all = UNIONS.flatMap(([file, union]) => typesOf(file, union).map((type) => [union, type] as const));

  it('reads every union of the history’s aggregates', () => {
    for (const [file, union] of UNIONS) expect([union, typesOf(file, union).length]).not.toEqual([union, 0]);
    expect(all.length).toBeGreaterThan(60);
  });

  it.each(all)('%s %s has a Spanish label', (_union, type) => {
    expect(Object.hasOwn(EVENT_LABELS, type)).toBe(true);
    expect(eventLabel(type)).not.toBe(type);
    expect(eventLabel(type)).toMatch(/^[A-ZÁÉÍÓÚÑ]/);
  });

  it('labels nothing that is not an event of those unions', () => {
    const known = new Set(all.map(([, type]) => type));
    expect(Object.keys(EVENT_LABELS).filter((type) => !known.has(type))).toEqual([]);
  });
});
