import { chileDay, chileDayStart } from '../../../domain/shared/chile-day';

describe("Chile's calendar days (America/Santiago)", () => {
  it('remembered per UTC hour, it gives what Intl gives for every minute of the days around both clock changes', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (const from of ['2026-04-03T00:00:00.000Z', '2026-09-04T00:00:00.000Z']) {
      for (let t = Date.parse(from); t < Date.parse(from) + 4 * 86_400_000; t += 60_000) {
        const answer = chileDay(t);
        expect([new Date(t).toISOString(), answer]).toEqual([new Date(t).toISOString(), intl.format(t)]);
        expect(chileDay(new Date(t + 59_999).toISOString())).toBe(answer); // again, from memory, at the minute's end
      }
    }
  });

  it('an instant late in the Chilean evening is still that day, not the UTC day after', () => {
    expect(chileDay('2026-03-10T02:00:00.000Z')).toBe('2026-03-09'); // 23:00 in summer time (-03)
    expect(chileDay('2026-03-10T03:00:00.000Z')).toBe('2026-03-10');
    expect(chileDay('2026-07-15T03:59:59.999Z')).toBe('2026-07-14'); // 23:59 in winter time (-04)
    expect(chileDay('2026-07-15T04:00:00.000Z')).toBe('2026-07-15');
  });

  it('around the change to winter time (first Sunday of April) the Saturday has 25 hours', () => {
    expect(chileDay('2026-04-05T03:30:00.000Z')).toBe('2026-04-04'); // 23:30 again, now -04
    expect(chileDay('2026-04-05T04:00:00.000Z')).toBe('2026-04-05');
    expect(chileDayStart('2026-04-04')).toBe('2026-04-04T03:00:00.000Z');
    expect(chileDayStart('2026-04-05')).toBe('2026-04-05T04:00:00.000Z');
    expect((Date.parse(chileDayStart('2026-04-05')) - Date.parse(chileDayStart('2026-04-04'))) / 3_600_000).toBe(25);
  });

  it('around the change to summer time (first Sunday of September) midnight does not exist: the day starts at 01:00', () => {
    expect(chileDay('2026-09-06T03:59:00.000Z')).toBe('2026-09-05');
    expect(chileDay('2026-09-06T04:00:00.000Z')).toBe('2026-09-06'); // 01:00 -03
    expect(chileDayStart('2026-09-06')).toBe('2026-09-06T04:00:00.000Z');
    expect(chileDayStart('2026-09-07')).toBe('2026-09-07T03:00:00.000Z');
    expect((Date.parse(chileDayStart('2026-09-07')) - Date.parse(chileDayStart('2026-09-06'))) / 3_600_000).toBe(23);
  });
});
