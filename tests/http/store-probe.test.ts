import { StoreProbe } from '../../adapters/composition/store-probe';

/** Readiness asks the stores: one that throws or does not answer in time is reported, one probe at a time. */
describe('StoreProbe', () => {
  it('reports no store while every store answers', async () => {
    const probe = new StoreProbe({ 'event-store': async () => 41, 'read-store': async () => null });
    expect(await probe.silent()).toEqual([]);
  });

  it('reports a store that throws, and one that does not answer within the limit', async () => {
    const never = () => new Promise<never>(() => undefined);
    const probe = new StoreProbe(
      {
        'event-store': async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:2113');
        },
        'read-store': never,
      },
      20,
    );
    expect(await probe.silent()).toEqual(['event-store', 'read-store']);
  });

  it('shares a probe under way between the callers that come meanwhile, and asks again afterwards', async () => {
    let asked = 0;
    let answer: (() => void) | undefined;
    const probe = new StoreProbe({
      'event-store': () => {
        asked++;
        return new Promise<void>((resolve) => (answer = resolve));
      },
      'read-store': async () => null,
    });
    const first = probe.silent();
    const second = probe.silent();
    await Promise.resolve();
    expect(asked).toBe(1);
    answer!();
    expect(await Promise.all([first, second])).toEqual([[], []]);
    const third = probe.silent();
    await Promise.resolve();
    answer!();
    expect(await third).toEqual([]);
    expect(asked).toBe(2);
  });
});
