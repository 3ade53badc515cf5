import { openDatabase } from '../../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../../adapters/embedded/sqlite-read-store';
import { staffNoticesHandler } from '../../../application/notifications/staff-notices';
import type { RecordedEventOf } from '../../../kernel/projections/event-handler';
import type { LeadEvent } from '../../../domain/leads/lead';
import { staffNoticeStream } from '../../../domain/notifications/staff-notices';
import { USERS } from '../../../read-models/users/user-doc';
import { FakeClock } from '../../support/application-fakes';
import { recordedEvent } from '../../support/recorded-event';

const NOW = new Date('2026-12-07T15:00:00.000Z');

const setup = async () => {
  const events = SqliteEventStore.open(':memory:');
  const readStore = new SqliteReadStore(openDatabase(':memory:'));
  await readStore.collection(USERS).insertOne({ _id: 'boss', roles: ['admin'] });
  await readStore.collection(USERS).insertOne({ _id: 'gone', roles: ['admin'], disabled: true });
  await readStore.collection(USERS).insertOne({ _id: 'buyer', roles: ['user'] });
  const handler = staffNoticesHandler({ events, readStore, clock: new FakeClock(NOW), log: () => undefined });
  return { events, handler };
};

const leadCaptured = (leadId: string, occurredAt: Date) =>
  recordedEvent(`lead-${leadId}`, 0, {
    type: 'LeadCaptured',
    data: { leadId, source: 'contact_request' },
    metadata: { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: occurredAt.toISOString(), schemaVersion: 1 },
  }) as unknown as RecordedEventOf<Extract<LeadEvent, { type: 'LeadCaptured' }>>;

describe('staff notices (event handler)', () => {
  it('tells the enabled holders of the permission, once however often the event comes', async () => {
    const { events, handler } = await setup();
    const event = leadCaptured('l1', new Date(NOW.getTime() - 60_000));
    await handler.handle(event);
    await handler.handle(event);
    const sent = await events.readStream(staffNoticeStream('lead-l1'));
    expect(sent.map((e) => [e.type, e.data.recipientIds])).toEqual([['StaffNoticeSent', ['boss']]]);
  });

  it('leaves out work older than its window: a first start over an old log tells nobody of the past', async () => {
    const { events, handler } = await setup();
    await handler.handle(leadCaptured('old', new Date(NOW.getTime() - 7 * 24 * 3_600_000 - 60_000)));
    expect(await events.readStream(staffNoticeStream('lead-old'))).toEqual([]);
  });
});
