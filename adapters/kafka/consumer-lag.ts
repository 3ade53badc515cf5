import type { Admin } from 'kafkajs';

export interface TopicLag {
  readonly group: string;
  readonly topic: string;
  /** Records published to the topic that the group has not committed yet. */
  readonly lag: number;
}

/**
 * The lag of every consumer group named `<groupPrefix>...` on the topics named `<topicPrefix>...`, per group and
 * topic, for GET /metrics: found through the cluster (listGroups), so an API process that runs no projector still
 * reports those of the projector processes. Its cost is bounded by the deployment's groups and topics: one
 * listGroups, one offset fetch per group and one per topic, asked concurrently.
 */
export async function consumerGroupsLag(admin: Admin, groupPrefix: string, topicPrefix: string): Promise<TopicLag[]> {
  const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.startsWith(groupPrefix));
  const committed = await Promise.all(
    groups.map(async (group) => ({ group, topics: (await admin.fetchOffsets({ groupId: group })).filter((t) => t.topic.startsWith(topicPrefix)) })),
  );
  const topics = [...new Set(committed.flatMap((c) => c.topics.map((t) => t.topic)))];
  const ends = new Map(await Promise.all(topics.map(async (topic) => [topic, await admin.fetchTopicOffsets(topic)] as const)));
  return committed.flatMap(({ group, topics: offsets }) =>
    offsets.map(({ topic, partitions }) => {
      let lag = 0;
      for (const end of ends.get(topic) ?? []) {
        const offset = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? '-1');
        lag += Math.max(0, Number(end.high) - (offset >= 0 ? offset : Number(end.low)));
      }
      return { group, topic, lag };
    }),
  );
}
