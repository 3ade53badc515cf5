import type { QuoteIssuedData } from '../../domain/quotes/quote';

/** Who a document is for, as printed on it. */
export interface DocumentRecipient {
  readonly name: string;
  readonly email: string;
  /** Formatted RUT, or empty when not known. */
  readonly rut: string;
}

export interface ReservationReceipt {
  readonly reservationId: string;
  readonly buyOrder: string;
  readonly projectName: string;
  readonly unitNumber: string;
  readonly amountCLP: number;
  readonly authorizationCode: string | null;
  readonly cardLast4: string | null;
  readonly transactionDate: string | null;
  readonly confirmedAt: string;
}

/** Renders the buyer's documents as PDF (adapters/pdf). */
export interface DocumentRenderer {
  quote(quote: QuoteIssuedData, recipient: DocumentRecipient): Promise<Buffer>;
  reservationReceipt(receipt: ReservationReceipt, recipient: DocumentRecipient): Promise<Buffer>;
}
