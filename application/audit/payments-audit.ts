import type { PaymentsLedgerQuery } from '../../contract/audit';
import { reservationStream } from '../../domain/reservations/reservation';
import { reservationDecider } from '../../domain/reservations/reservation.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { listPaymentsLedger } from '../../read-models/payments-ledger/payments-ledger.queries';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { EntityHistory } from './entity-history';

/**
 * The auditor's payments ledger (read) and the staff's refund record (the one write of this module,
 * decided by the reservation: only while a refund is owed, once; REFUND_NOT_DUE otherwise).
 */
export class PaymentsAudit {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly history: EntityHistory,
  ) {}

  async ledger(q: PaymentsLedgerQuery) {
    const page = await listPaymentsLedger(this.readStore, q);
    const actorOf = await this.history.actors(page.items.map((r) => r.actorId));
    return { ...page, items: page.items.map(({ actorId, type: _type, ...row }) => ({ ...row, actor: actorOf(actorId) })) };
  }

  /** Staff refunded the reservation's payment themselves (spec §9): recorded with the gateway's reference. */
  async recordRefund(reservationId: string, refund: { gatewayReference: string; reason: string }, meta: CommandMetadata) {
    const result = await handleCommand(this.events, reservationStream(reservationId), reservationDecider, { type: 'RecordStaffRefund', ...refund }, meta);
    return { reservationId, refunded: true as const, position: result.position };
  }
}
