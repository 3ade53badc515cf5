/**
 * A key derived from a stream id (a guard's field, a guard document's id), remembered for the streams in use: a
 * reservation's events reach a dozen guarded writes that would each derive it again. Cleared whole once it holds
 * `kept` streams: a stream is a key only while it is busy.
 */
export const streamKeyMemo = (derive: (streamId: string) => string, kept = 10_000): ((streamId: string) => string) => {
  const memo = new Map<string, string>();
  return (streamId) => {
    let key = memo.get(streamId);
    if (key === undefined) {
      if (memo.size >= kept) memo.clear();
      key = derive(streamId);
      memo.set(streamId, key);
    }
    return key;
  };
};
