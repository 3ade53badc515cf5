import type { Admin } from 'kafkajs';

/**
 * Records in `topics` not yet committed by `groupId`. Offsets are committed only after the projection's
 * writes, so zero lag means every published event is in the read model: the "caught up" signal.
 */
export async function consumerGroupLag(admin: Admin, groupId: string, topics: readonly string[]): Promise<number> {
  const committed = await admin.fetchOffsets({ groupId, topics: [...topics] });
  let lag = 0;
  for (const topic of topics) {
    const ends = await admin.fetchTopicOffsets(topic);
    const group = committed.find((c) => c.topic === topic)?.partitions ?? [];
    for (const end of ends) {
      const offset = Number(group.find((p) => p.partition === end.partition)?.offset ?? '-1');
      const start = offset >= 0 ? offset : Number(end.low);
      lag += Math.max(0, Number(end.high) - start);
    }
  }
  return lag;
}
