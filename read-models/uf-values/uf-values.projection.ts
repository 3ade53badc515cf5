import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import type { UfEvent } from '../../domain/financing/uf';

const UF_VALUES = 'uf_values';

export interface UfValueDoc {
  _id: string;
  [key: string]: unknown;
  value: number;
  source: string;
  recordedBy: string;
  recordedAt: string;
}

/** The UF table as the back office lists it: one document per day, with who recorded or corrected it. */
export const ufValuesProjection: Projection<UfEvent> = {
  name: 'uf-values',
  collections: [UF_VALUES],
  categories: ['financial'],
  eventTypes: ['UfValuesPublished', 'UfValueCorrected'],
  async apply(recorded, store) {
    const docs = store.collection<UfValueDoc>(UF_VALUES);
    const event: UfEvent = recorded;
    if (event.type === 'UfValuesPublished') {
      const { source, recordedBy, recordedAt } = event.data;
      for (const v of event.data.values) await guardedUpsert(docs, v.date, recorded, { $set: { value: v.value, source, recordedBy, recordedAt } });
    } else {
      const { date, value, previousValue, correctedBy, correctedAt } = event.data;
      await guardedUpsert(docs, date, recorded, { $set: { value, previousValue, correctedBy, correctedAt } });
    }
  },
};

export const listUfValues = async (store: ReadStore, q: { from?: string; to?: string; limit: number }) => {
  const filter: Filter = {};
  if (q.from || q.to) filter._id = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lte: q.to } : {}) };
  const docs = await store.collection<UfValueDoc>(UF_VALUES).find(filter, { sort: { _id: -1 }, limit: q.limit });
  return { items: docs.map(({ _id, _v: _version, ...rest }) => ({ date: _id, ...rest })) };
};
