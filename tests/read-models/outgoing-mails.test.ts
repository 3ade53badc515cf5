import { outgoingMailsProjection, OUTGOING_MAILS } from '../../read-models/mail/outgoing-mails.projection';
import { projectionSpec, recordedEvent } from '../support/projection-spec';

const stream = 'mail-m1';
const T0 = '2026-11-22T12:00:00.000Z';
const events = () => [
  recordedEvent(stream, 0, 'MailQueued', {
    mailId: 'm1',
    subjectId: 'u1',
    template: 'quote',
    to: 'ana@empresa.cl',
    subject: 'Su cotización',
    text: 't',
    html: null,
    attachments: [],
    queuedAt: T0,
  }),
  recordedEvent(stream, 1, 'MailDeliveryStarted', { mailId: 'm1', attempt: 1, leaseUntil: '2026-11-22T12:01:00.000Z', startedAt: T0 }),
  recordedEvent(stream, 2, 'MailDeliveryFailed', { mailId: 'm1', attempt: 1, error: 'ECONNREFUSED', retryAt: '2026-11-22T12:00:30.000Z', failedAt: T0 }),
  recordedEvent(stream, 3, 'MailDeliveryStarted', { mailId: 'm1', attempt: 2, leaseUntil: '2026-11-22T12:01:30.000Z', startedAt: '2026-11-22T12:00:30.000Z' }),
  recordedEvent(stream, 4, 'MailSent', { mailId: 'm1', attempt: 2, messageId: '<m1@vivienda.local>', sentAt: '2026-11-22T12:00:31.000Z' }),
];

describe('outgoing mails (email history and delivery queue)', () => {
  it('follows a mail from queued through a failed attempt to sent', async () => {
    const spec = await projectionSpec([outgoingMailsProjection]).given(events());
    const [doc] = await spec.store.collection(OUTGOING_MAILS).find({});
    expect(doc).toMatchObject({
      _id: 'm1',
      template: 'quote',
      to: 'ana@empresa.cl',
      status: 'sent',
      attempts: 2,
      sentAt: '2026-11-22T12:00:31.000Z',
      lastError: null,
    });
  });

  it('every event delivered twice gives the same documents; a late older event changes nothing', async () => {
    const once = await (await projectionSpec([outgoingMailsProjection]).given(events())).snapshot();
    const all = events();
    const twice = await (await projectionSpec([outgoingMailsProjection]).given(all.flatMap((e) => [e, e]).concat([all[2]]))).snapshot();
    expect(twice).toEqual(once);
  });

  it('an erased person keeps the history row, not the address nor the subject', async () => {
    const spec = await projectionSpec([outgoingMailsProjection]).given([
      ...events(),
      recordedEvent('personaldata-u1', 0, 'PersonalDataErased', { subjectId: 'u1', erasedAt: T0 }),
    ]);
    const [doc] = await spec.store.collection(OUTGOING_MAILS).find({});
    expect(doc).toMatchObject({ to: 'titular suprimido', subject: 'titular suprimido', status: 'sent' });
  });
});
