import { DuplicateKeyError, type ReadStore } from '../ports/read-store';
import { CHECKPOINTS, type Projection } from './projection';

/**
 * Which version of each projection's code built its read model (`_projection_versions`, one document per
 * projection). A projection whose documents change shape or meaning raises its `version`; a data directory
 * built by the earlier code is then rebuilt (blue-green) instead of serving documents the queries no longer
 * read. Projections from before versions were kept count as version 1.
 */
export const PROJECTION_VERSIONS = '_projection_versions';

type VersionDoc = { _id: string; version: number; recordedAt: string };

const versionOf = (projection: Projection): number => projection.version ?? 1;

/** After a (re)build from the whole log: the read model is now what this code builds. */
export const recordVersion = async (store: ReadStore, projection: Projection, now = new Date()): Promise<void> => {
  const versions = store.collection<VersionDoc>(PROJECTION_VERSIONS);
  const update = { $set: { version: versionOf(projection), recordedAt: now.toISOString() } };
  try {
    await versions.updateOne({ _id: projection.name }, update, { upsert: true });
  } catch (error) {
    // Two processes starting at once (distributed) both upserting a new read model's version: one inserts.
    if (!(error instanceof DuplicateKeyError)) throw error;
    await versions.updateOne({ _id: projection.name }, update);
  }
};

/**
 * The projections whose read model another version built. Call it before the read side starts: a read model
 * with no checkpoint yet is new and will be built by this code (recorded now, nothing to rebuild).
 */
export const outdatedProjections = async (store: ReadStore, projections: readonly Projection[]): Promise<Projection[]> => {
  const [versions, checkpoints] = await Promise.all([
    store.collection<VersionDoc>(PROJECTION_VERSIONS).find({}),
    store.collection(CHECKPOINTS).find({}, { projection: { _id: 1 } }),
  ]);
  const recorded = new Map(versions.map((v) => [v._id, v.version]));
  const built = new Set(checkpoints.map((c) => c._id));
  const outdated: Projection[] = [];
  for (const projection of projections) {
    const version = recorded.get(projection.name) ?? (built.has(projection.name) ? 1 : undefined);
    if (version === undefined || version === versionOf(projection)) {
      if (recorded.get(projection.name) !== versionOf(projection)) await recordVersion(store, projection);
    } else outdated.push(projection);
  }
  return outdated;
};
