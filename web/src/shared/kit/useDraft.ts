import { useCallback, useState } from 'react';
import type { ZodType } from 'zod';
import { zodFieldMessages } from '../validation/zod-messages';
import { useServerSubmit } from './useServerSubmit';

/** A draft's values: text as typed (numbers too, until the schema reads them) and checkboxes. */
export type DraftValues = Readonly<Record<string, string | boolean>>;

/**
 * A form's draft and its round trip to the server (useServerSubmit): `set` changes one field and forgets its
 * error; `dirty` compares with `initial` (what was read), for the unsaved-changes guard; `reset` goes back to it.
 */
export function useDraft<D extends DraftValues>(initial: D, onConflict?: () => void) {
  const [draft, setDraft] = useState<D>(initial);
  const server = useServerSubmit(onConflict);
  const { clear } = server;
  const set = useCallback(
    <K extends keyof D & string>(key: K, value: D[K]) => {
      setDraft((d) => ({ ...d, [key]: value }));
      clear(key);
    },
    [clear],
  );
  const { setErrors } = server;
  /**
   * The values read by the contract's schema, then the form's own rules (`rules` adds errors by field): the
   * data when all is well, else null with every error shown at its field.
   */
  const check = <T>(schema: ZodType<T>, values: unknown, rules?: (data: T | null, errors: Record<string, string>) => void): T | null => {
    const parsed = schema.safeParse(values);
    const errors = parsed.success ? {} : zodFieldMessages(parsed.error);
    rules?.(parsed.success ? parsed.data : null, errors);
    setErrors(errors);
    return parsed.success && Object.keys(errors).length === 0 ? parsed.data : null;
  };
  return { ...server, draft, setDraft, set, check, dirty: JSON.stringify(draft) !== JSON.stringify(initial), reset: () => setDraft(initial) };
}

export type Draft<D extends DraftValues> = ReturnType<typeof useDraft<D>>;
