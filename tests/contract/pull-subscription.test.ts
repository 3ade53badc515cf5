import { PullSubscription } from '../../adapters/embedded/pull-subscription';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { recordedEvent } from '../support/recorded-event';

const log = (count: number): RecordedEvent[] =>
  Array.from({ length: count }, (_, i) => recordedEvent(`counter-${i % 7}`, Math.floor(i / 7), { globalPosition: i + 1, data: { i } }));

describe('PullSubscription: the embedded log read in order', () => {
  it('delivers batches as large as asked, read 250 events at a time with the event loop free between reads', async () => {
    const events = log(2_600);
    const asked: number[] = [];
    let turns = 0;
    let turning = true;
    const spin = () => setImmediate(() => (turns++, turning && spin()));
    spin();
    let readsBetweenTurns = 0;
    let lastTurn = -1;
    const readAfter = (from: number, limit: number) => {
      asked.push(limit);
      readsBetweenTurns = turns === lastTurn ? readsBetweenTurns + 1 : 1;
      lastTurn = turns;
      if (readsBetweenTurns > 1) throw new Error('two reads in one turn of the event loop');
      return events.filter((e) => e.globalPosition > from).slice(0, limit);
    };
    const batches: number[][] = [];
    const all = new Promise<void>((resolve) => {
      const subscription = new PullSubscription(
        readAfter,
        {
          fromPosition: 0,
          batchSize: 2_000,
          onEvents: async (batch) => {
            batches.push(batch.map((e) => e.globalPosition));
            if (batch[batch.length - 1].globalPosition === events.length) void subscription.stop().then(resolve);
          },
        },
        10_000,
      );
    });
    await all;
    turning = false;
    expect(batches.map((b) => b.length)).toEqual([2_000, 600]);
    expect(batches.flat()).toEqual(events.map((e) => e.globalPosition));
    expect(Math.max(...asked)).toBe(250);
  });
});
