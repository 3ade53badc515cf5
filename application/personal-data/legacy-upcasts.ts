import type { RecordedEvent } from '../../kernel/ports/event-store';
import { legacyLeadIdFor, type LeadIds } from './lead-ids';

const LEAD = 'lead-';

/**
 * What the one-off rewrite (rewrite-event-log.ts) changes in events written before their personal data was
 * encrypted, besides sealing fields. Fed the clear events in global order, so it learns as it goes:
 * - a lead captured under its old unkeyed id (a plain SHA-256 of the email, which can be reversed by
 *   hashing guesses) moves to its keyed id: the stream `lead-<id>` and every `leadId` field that names it,
 *   so its fields are sealed under the new subject;
 * - a receipt recorded before `ReservationReceiptSent` named its buyer gets the buyer of its reservation
 *   (the subject its `to` is sealed under).
 */
export class LegacyUpcasts {
  private readonly leadIds = new Map<string, string>();
  private readonly buyers = new Map<string, string>();

  constructor(private readonly keyed: LeadIds) {}

  apply(event: RecordedEvent): RecordedEvent {
    let { streamId, data } = event;
    if (event.type === 'LeadCaptured' && typeof data.leadId === 'string' && typeof data.email === 'string' && data.leadId === legacyLeadIdFor(data.email)) {
      const id = this.keyed.idFor(data.email);
      if (id !== data.leadId) this.leadIds.set(data.leadId, id);
    }
    if (typeof data.leadId === 'string' && this.leadIds.has(data.leadId)) data = { ...data, leadId: this.leadIds.get(data.leadId) };
    if (streamId.startsWith(LEAD) && this.leadIds.has(streamId.slice(LEAD.length))) streamId = `${LEAD}${this.leadIds.get(streamId.slice(LEAD.length))}`;
    if (event.type === 'ReservationRequested' && typeof data.reservationId === 'string' && typeof data.buyerId === 'string')
      this.buyers.set(data.reservationId, data.buyerId);
    if (event.type === 'ReservationReceiptSent' && data.buyerId === undefined && typeof data.reservationId === 'string' && this.buyers.has(data.reservationId))
      data = { ...data, buyerId: this.buyers.get(data.reservationId) };
    return streamId === event.streamId && data === event.data ? event : { ...event, streamId, data };
  }

  /** How many leads moved to their keyed id. */
  get leadsMoved(): number {
    return this.leadIds.size;
  }
}
