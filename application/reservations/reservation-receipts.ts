import { reservationStream, type ReservationEvent } from '../../domain/reservations/reservation';
import { DomainError } from '../../domain/shared/errors';
import { formatRut } from '../../domain/shared/rut';
import { reservationDecider } from '../../domain/reservations/reservation.decide';
import { formatCLP } from '../../domain/shared/es-cl-format';
import type { CommandMetadata } from '../../domain/shared/event';
import { foldStream, handleCommand } from '../../kernel/command-handling/handle-command';
import type { Buyer } from '../leads/buyer';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { Mailer } from '../../kernel/ports/mailer';
import type { DocumentRecipient, DocumentRenderer, ReservationReceipt } from '../quotes/documents';

/** The receipt of a confirmed reservation: as a PDF the buyer downloads, and mailed once it is confirmed. */
export class ReservationReceipts {
  constructor(
    private readonly events: EventStore,
    private readonly renderer: DocumentRenderer,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  /** Null while the reservation is not confirmed. */
  async receiptOf(reservationId: string): Promise<{ receipt: ReservationReceipt; buyerId: string; buyerEmail: string; buyerName: string } | null> {
    const events = (await this.events.readStream(reservationStream(reservationId))).map((r) => ({ type: r.type, data: r.data }) as ReservationEvent);
    const requested = events.find((e) => e.type === 'ReservationRequested');
    const paid = events.find((e) => e.type === 'ReservationPaymentConfirmed');
    const confirmed = events.find((e) => e.type === 'ReservationConfirmed');
    if (requested?.type !== 'ReservationRequested' || paid?.type !== 'ReservationPaymentConfirmed' || confirmed?.type !== 'ReservationConfirmed') return null;
    return {
      buyerId: requested.data.buyerId,
      buyerEmail: requested.data.buyerEmail,
      buyerName: requested.data.buyerName,
      receipt: {
        reservationId,
        buyOrder: paid.data.buyOrder,
        projectName: requested.data.projectName,
        unitNumber: requested.data.unitNumber,
        amountCLP: paid.data.amountCLP ?? requested.data.amountCLP,
        authorizationCode: paid.data.authorizationCode,
        cardLast4: paid.data.cardLast4,
        transactionDate: paid.data.transactionDate,
        confirmedAt: confirmed.data.confirmedAt,
      },
    };
  }

  async pdf(reservationId: string, buyer: Buyer): Promise<Buffer> {
    const found = await this.receiptOf(reservationId);
    if (!found || found.buyerId !== buyer.userId) throw new DomainError('NOT_FOUND', 'receipt');
    return this.renderer.reservationReceipt(found.receipt, { name: buyer.name, email: buyer.email, rut: formatRut(buyer.rut) });
  }

  /** Mails the receipt once: a reservation whose receipt was recorded as sent is left alone. */
  async mail(reservationId: string, meta: Pick<CommandMetadata, 'correlationId' | 'causationId'>): Promise<void> {
    const state = foldStream(reservationDecider, await this.events.readStream(reservationStream(reservationId)));
    if (state.status !== 'confirmed' || state.receiptSent) return;
    const found = await this.receiptOf(reservationId);
    if (!found) return;
    const { receipt } = found;
    const recipient: DocumentRecipient = { name: found.buyerName, email: found.buyerEmail, rut: '' };
    const pdf = await this.renderer.reservationReceipt(receipt, recipient);
    await this.mailer.send({
      to: found.buyerEmail,
      subjectId: found.buyerId,
      template: 'reservation_receipt',
      idempotencyKey: `receipt-${reservationId}`,
      variables: {
        name: found.buyerName,
        unitNumber: receipt.unitNumber,
        projectName: receipt.projectName,
        amountCLP: formatCLP(receipt.amountCLP),
        buyOrder: receipt.buyOrder,
        authorizationCode: receipt.authorizationCode ?? '-',
      },
      attachments: [{ filename: `reserva-${receipt.buyOrder}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    await handleCommand(
      this.events,
      reservationStream(reservationId),
      reservationDecider,
      { type: 'RecordReceiptSent', to: found.buyerEmail },
      {
        now: this.clock.now(),
        actorId: 'system:reservations',
        actorRoles: [],
        ...meta,
      },
    );
  }
}
