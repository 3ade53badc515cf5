import { buyOrderOf, reservationStream, type ExistingReservation, type PaymentOutcome, type ReservationState } from '../../domain/reservations/reservation';
import { assertProcessingAllowed } from '../personal-data/processing-guard';
import { reservationDecider, type ReservationCommand } from '../../domain/reservations/reservation.decide';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import type { CatalogService } from '../catalog/catalog-service';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { linkBase, type AppConfig } from '../config';
import type { Buyer } from '../leads/buyer';
import type { LeadService } from '../leads/lead-service';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import { isApproved, type PaymentGateway } from '../../kernel/ports/payment-gateway';
import type { ReservationProcess } from './reservation-process';
import { assertOpenForReservations } from './reservation-terms';

export interface ReservationStarted {
  readonly reservationId: string;
  readonly status: 'payment_started';
  readonly holdExpiresAt: string;
  readonly amountCLP: number;
  readonly payment: { readonly gateway: string; readonly url: string; readonly token: string };
  readonly position: number;
}

/** What the gateway sends back to the return URL (Webpay Plus names). */
export interface GatewayReturn {
  readonly token_ws?: string;
  readonly TBK_TOKEN?: string;
  readonly TBK_ORDEN_COMPRA?: string;
  readonly TBK_ID_SESION?: string;
}

export interface PaymentResult {
  readonly reservationId: string;
  readonly status: ReservationState['status'];
  /** `cancelled`: the buyer voided the purchase at the gateway, which is not a failed payment. */
  readonly outcome: 'confirmed' | 'failed' | 'cancelled';
  readonly position: number;
}

const NO_DETAILS = {
  responseCode: null,
  authorizationCode: null,
  cardLast4: null,
  paymentTypeCode: null,
  installments: null,
  transactionDate: null,
  amountCLP: null,
};

/**
 * Reserving a unit and paying for it. The request runs the first steps itself so the buyer gets a
 * definite answer (201 with the payment, or 409 when another buyer's hold won); the process manager
 * runs the same steps idempotently from the events, so nothing is left half-done after a crash.
 */
export class ReservationService {
  constructor(
    private readonly events: EventStore,
    private readonly catalog: CatalogService,
    private readonly gateway: PaymentGateway,
    private readonly process: ReservationProcess,
    private readonly leads: LeadService,
    private readonly ids: IdGenerator,
    /** The payment's return URL is made from `linkBase`: the request's own address, else PUBLIC_URL. */
    private readonly config: Pick<AppConfig, 'publicUrl'>,
  ) {}

  async reserve(buyer: Buyer, unitId: string, meta: CommandMetadata): Promise<ReservationStarted> {
    await assertProcessingAllowed(this.events, buyer.userId);
    const unit = await this.catalog.unit(unitId);
    if (unit.status === 'absent') throw new DomainError('NOT_FOUND', 'unit');
    const project = assertOpenForReservations(await this.catalog.project(unit.projectId));

    const reservationId = this.ids.newId();
    await this.onReservation(
      reservationId,
      {
        type: 'RequestReservation',
        reservationId,
        unitId,
        projectId: project.projectId,
        projectName: project.details.name,
        unitNumber: unit.spec.unitNumber,
        buyerId: buyer.userId,
        buyerEmail: buyer.email,
        buyerName: buyer.name,
        amountCLP: project.details.reservationPrice,
      },
      meta,
      { newStream: true },
    );
    const held = await this.process.advance(reservationId, meta);
    const state = held.state as ExistingReservation;
    if (state.status === 'rejected') throw new DomainError(state.rejection ?? 'UNIT_ALREADY_RESERVED', `unit ${unitId}`);
    if (state.status !== 'held' || !state.holdExpiresAt) throw new DomainError('BUSINESS_RULE_VIOLATION', `reservation is ${state.status}`);

    const returnUrl = `${linkBase(this.config, meta)}/api/v1/reservations/${reservationId}/payment/return`;
    const buyOrder = buyOrderOf(reservationId);
    let created;
    try {
      created = await this.gateway.create({ buyOrder, sessionId: buyer.userId, amount: state.request.amountCLP, returnUrl });
    } catch (error) {
      // No transaction to pay: give the unit back at once rather than at the hold's expiry.
      await this.onReservation(reservationId, { type: 'CancelReservation', reason: 'gateway_error' }, { ...meta, actorId: 'system:reservations' });
      await this.process.advance(reservationId, meta);
      throw new DomainError('PAYMENT_FAILED', `gateway create failed: ${(error as Error).message}`);
    }
    const started = await this.onReservation(
      reservationId,
      {
        type: 'StartPayment',
        gateway: this.gateway.name,
        token: created.token,
        url: created.url,
        buyOrder,
        sessionId: buyer.userId,
        amountCLP: state.request.amountCLP,
        returnUrl,
      },
      meta,
    );
    await this.leads.recordForBuyer(buyer, { activityId: `reservation:${reservationId}`, kind: 'reservation', projectId: project.projectId, unitId }, meta);
    return {
      reservationId,
      status: 'payment_started',
      holdExpiresAt: state.holdExpiresAt,
      amountCLP: state.request.amountCLP,
      payment: { gateway: this.gateway.name, url: created.url, token: created.token },
      position: started.position,
    };
  }

  /**
   * The gateway's return: commits the transaction (once: a recorded outcome is never asked again, so a
   * duplicated callback changes nothing), records the outcome and lets the process reserve or release.
   */
  async completePayment(reservationId: string, back: GatewayReturn, meta: CommandMetadata): Promise<PaymentResult> {
    const state = await this.process.load(reservationId);
    if (state.status === 'none' || !state.payment) throw new DomainError('NOT_FOUND', 'reservation payment');
    const payment = state.payment;
    const mismatch = () => new DomainError('BUSINESS_RULE_VIOLATION', "the gateway data is not this reservation's");
    let outcome: PaymentOutcome | null = null;
    if (back.token_ws !== undefined) {
      if (back.token_ws !== payment.token) throw mismatch();
      if (payment.outcome === 'pending') {
        try {
          const commit = await this.gateway.commit(payment.token);
          const approved = isApproved(commit);
          outcome = {
            token: payment.token,
            approved,
            gatewayStatus: commit.status,
            responseCode: commit.responseCode,
            authorizationCode: commit.authorizationCode,
            cardLast4: commit.cardLast4,
            paymentTypeCode: commit.paymentTypeCode,
            installments: commit.installments,
            transactionDate: commit.transactionDate,
            amountCLP: commit.amount,
            failure: approved ? null : 'rejected',
          };
        } catch {
          outcome = { token: payment.token, approved: false, gatewayStatus: 'COMMIT_ERROR', ...NO_DETAILS, failure: 'error' };
        }
      }
    } else if (back.TBK_TOKEN !== undefined) {
      if (back.TBK_TOKEN !== payment.token) throw mismatch();
      outcome = { token: payment.token, approved: false, gatewayStatus: 'ABORTED', ...NO_DETAILS, failure: 'aborted' };
    } else {
      if (back.TBK_ORDEN_COMPRA !== payment.buyOrder) throw mismatch();
      outcome = { token: payment.token, approved: false, gatewayStatus: 'TIMEOUT', ...NO_DETAILS, failure: 'timeout' };
    }
    let position = 0;
    if (outcome && payment.outcome === 'pending')
      position = (await this.onReservation(reservationId, { type: 'RecordPaymentResult', ...outcome }, meta)).position;
    const after = await this.process.advance(reservationId, meta);
    const status = after.state.status;
    const voided = status === 'cancelled' && back.TBK_TOKEN !== undefined;
    return {
      reservationId,
      status,
      outcome: status === 'confirmed' ? 'confirmed' : voided ? 'cancelled' : 'failed',
      position: Math.max(position, after.position),
    };
  }

  async cancel(buyer: Buyer, reservationId: string, meta: CommandMetadata) {
    const state = await this.process.load(reservationId);
    if (state.status === 'none' || state.request.buyerId !== buyer.userId) throw new DomainError('NOT_FOUND', 'reservation');
    const result = await this.onReservation(reservationId, { type: 'CancelReservation', reason: 'buyer' }, meta);
    const after = await this.process.advance(reservationId, meta);
    return { reservationId, status: after.state.status, position: Math.max(result.position, after.position) };
  }

  /** `newStream`: the request that starts the stream, under the id just made for it (nothing to read first). */
  private onReservation(reservationId: string, command: ReservationCommand, meta: CommandMetadata, options: { newStream?: boolean } = {}) {
    return handleCommand(this.events, reservationStream(reservationId), reservationDecider, command, meta, options);
  }
}
