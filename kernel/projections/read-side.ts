/**
 * What the API and the composition roots need of the read side, whichever mode runs it: the embedded
 * ProjectionRunner (in-process subscriptions) or the distributed KafkaReadSide (relay + Kafka projectors).
 */
export interface ReadSide {
  /** Names of every projection the API's read-your-writes waits for. */
  readonly names: string[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * A position P such that every read model reflects every event at or below P (a low-water mark, not the
   * highest position applied). Synchronous: the last value known.
   */
  position(): number;
  /** Resolves true once `position()` >= `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  /** Blue-green: replays into fresh collections, then switches them in. */
  rebuild(name: string): Promise<{ position: number }>;
}
