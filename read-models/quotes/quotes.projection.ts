import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import { PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED } from '../../kernel/personal-data/personal-data-erased';
import type { QuoteEvent } from '../../domain/quotes/quote';
import type { PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';

export const QUOTES = 'quotes';

export interface QuoteDoc {
  _id: string;
  [key: string]: unknown;
  number: string;
  userId: string;
  createdAt: string;
  validUntil: string;
}

/** "My quotes": one document per quote with its amounts, downloads and emails. */
export const quotesProjection: Projection<QuoteEvent | PersonalDataErased> = {
  name: 'my-quotes',
  collections: [QUOTES],
  categories: ['quote', PERSONAL_DATA_CATEGORY],
  eventTypes: ['QuoteIssued', 'QuoteDownloaded', 'QuoteEmailed', PERSONAL_DATA_ERASED],
  indexes: [{ collection: QUOTES, keys: { userId: 1, createdAt: -1 } }],
  async apply(recorded, store) {
    const docs = store.collection<QuoteDoc>(QUOTES);
    // Quotes keep their amounts; where they were mailed to was the erased person's.
    if (recorded.type === PERSONAL_DATA_ERASED) return void (await docs.updateMany({ userId: recorded.data.subjectId }, { $set: { emailedTo: [] } }));
    const event: QuoteEvent = recorded;
    switch (event.type) {
      case 'QuoteIssued': {
        const q = event.data;
        await guardedUpsert(docs, q.quoteId, recorded, {
          $set: {
            number: q.number,
            userId: q.userId,
            project: q.project,
            unit: q.unit,
            pricing: q.pricing,
            priceUF: q.priceUF,
            priceCLP: q.priceCLP,
            ufValue: q.ufValue,
            ufDate: q.ufDate,
            downPayment: q.downPayment,
            loanUF: q.downPayment.loanUF,
            annualRatePercent: q.annualRatePercent,
            termYears: q.termYears,
            convention: q.convention,
            monthlyPaymentUF: q.financing.monthlyPaymentUF,
            monthlyPaymentCLP: q.financing.monthlyPaymentCLP,
            totalMonthlyPaymentUF: q.financing.totalMonthlyPaymentUF,
            totalMonthlyPaymentCLP: q.financing.totalMonthlyPaymentCLP,
            minimumIncomeCLP: q.financing.minimumIncomeCLP,
            cae: q.financing.cae,
            validUntil: q.validUntil,
            paymentStatus: q.paymentStatus,
            createdAt: q.createdAt,
          },
          $setOnInsert: { downloads: 0, emailedTo: [] },
        });
        return;
      }
      case 'QuoteDownloaded':
        // Guarded by the quote stream's revision: the increment happens once per event however often it arrives.
        await guardedUpsert(docs, event.data.quoteId, recorded, { $set: { lastDownloadedAt: event.data.downloadedAt }, $inc: { downloads: 1 } });
        return;
      case 'QuoteEmailed':
        await guardedUpsert(docs, event.data.quoteId, recorded, {
          $set: { lastEmailedAt: event.data.emailedAt },
          $push: { emailedTo: { to: event.data.to, at: event.data.emailedAt } },
        });
        return;
    }
  },
};

/** A buyer's quotes, newest first, with inclusive date filters on the day of issue. */
export const listMyQuotes = async (store: ReadStore, userId: string, q: { from?: string; to?: string; page: number; perPage: number }, now: Date) => {
  const filter: Filter = { userId, number: { $exists: true } };
  if (q.from || q.to) {
    const range: Record<string, string> = {};
    if (q.from) range.$gte = `${q.from}T00:00:00.000Z`;
    if (q.to) range.$lte = `${q.to}T23:59:59.999Z`;
    filter.createdAt = range;
  }
  const docs = store.collection<QuoteDoc>(QUOTES);
  const [items, total] = await Promise.all([
    docs.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: (q.page - 1) * q.perPage, limit: q.perPage }),
    docs.countDocuments(filter),
  ]);
  return {
    items: items.map(({ _id, _v: _version, userId: _u, ...rest }) => ({
      id: _id,
      ...rest,
      expired: new Date(rest.validUntil).getTime() < now.getTime(),
      pdfUrl: `/api/v1/quotes/${_id}/pdf`,
    })),
    total,
    page: q.page,
    perPage: q.perPage,
  };
};
