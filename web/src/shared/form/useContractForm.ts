import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { z, type ZodType } from 'zod';
import { fieldErrorMap, type FieldErrorItem } from '../api/errors';
import { spanishIssueMessage } from '../validation/zod-messages';
import { isStaleRevision, submitFailure } from './server-errors';

export interface ContractFormOptions<V extends FieldValues, Out> {
  /** The contract's request schema: the form's values pass it (after `toBody`) before anything is sent. */
  readonly schema: ZodType<Out>;
  readonly defaultValues: V;
  /** The values as typed (text, numbers with a decimal comma) as the body the schema reads. */
  readonly toBody?: (values: V) => unknown;
  /**
   * The form's own rules beyond the contract's, on top-level fields: messages by field, given the body when the
   * schema read it (else null); a rule's message wins over the schema's for the same field.
   */
  readonly rules?: (body: Out | null, values: V) => Readonly<Record<string, string>>;
  readonly onConflict?: () => void;
  /**
   * For a form a long-running flow (a saga) submits: the failure it keeps in the store, whose fieldErrors land on
   * their fields as it changes (the form shows its message itself).
   */
  readonly serverError?: { readonly fieldErrors: readonly FieldErrorItem[] } | null;
  /** Server field names that differ from the form's (`email` for a login field). */
  readonly fieldAliases?: Readonly<Record<string, string>>;
  /**
   * 'submit' (the default): errors show after a submit and a field's goes as it is edited. 'touched' (sign-in and
   * sign-up): a field's error shows once it was left, then follows what is typed.
   */
  readonly show?: 'submit' | 'touched';
}

/** The schema's refusals in Spanish, at their fields, and the form's own rules. */
const contractResolver = <V extends FieldValues, Out>({ schema, toBody, rules }: ContractFormOptions<V, Out>): Resolver<V, unknown, Out> => {
  const read = toBody ? z.preprocess((values) => toBody(values as V), schema) : schema;
  const bySchema = zodResolver(read as ZodType<Out, FieldValues>, {
    error: (issue) => spanishIssueMessage(issue as Parameters<typeof spanishIssueMessage>[0]),
  });
  return async (values, context, options) => {
    const result = (await bySchema(values, context, options as never)) as { values: Out; errors: FieldErrors<V> };
    const passed = Object.keys(result.errors).length === 0;
    const own = rules ? rules(passed ? result.values : null, values) : {};
    if (Object.keys(own).length === 0) return result as never;
    const byRule = Object.fromEntries(Object.entries(own).map(([field, message]) => [field, { type: 'rule', message }]));
    return { values: {}, errors: { ...result.errors, ...byRule } as FieldErrors<V> };
  };
};

/**
 * The one way a form is built (react-hook-form): the contract's schema checks it in Spanish, the server's
 * fieldErrors land on their fields and its message above the form (`failure`), busy while it runs.
 */
export function useContractForm<V extends FieldValues, Out>(options: ContractFormOptions<V, Out>) {
  const { defaultValues, onConflict, show = 'submit' } = options;
  const form = useForm<V, unknown, Out>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: contractResolver(options),
    mode: show === 'touched' ? 'onTouched' : 'onSubmit',
    reValidateMode: show === 'touched' ? 'onChange' : 'onSubmit',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { handleSubmit, setError, clearErrors } = form;
  const { serverError, fieldAliases } = options;

  useEffect(() => {
    for (const [field, text] of Object.entries(fieldErrorMap(serverError)))
      setError((fieldAliases?.[field] ?? field) as Path<V>, { type: 'server', message: text });
  }, [serverError, fieldAliases, setError]);

  /** The form's onSubmit: checks, then `send` with the schema's body; its failure lands on the form. */
  const submit = (send: (body: Out, values: V) => Promise<unknown> | void) => (event?: FormEvent) =>
    handleSubmit(async (body) => {
      setBusy(true);
      setFailure(null);
      try {
        await send(body, form.getValues());
      } catch (error) {
        if (isStaleRevision(error) && onConflict) return onConflict();
        const { message, fieldErrors } = submitFailure(error);
        for (const [field, text] of Object.entries(fieldErrors)) setError(field as Path<V>, { type: 'server', message: text });
        setFailure(message);
      } finally {
        setBusy(false);
      }
    })(event);

  /** Forgets every error and the server's message (a dialog opened again). */
  const forget = useCallback(() => {
    clearErrors();
    setFailure(null);
  }, [clearErrors]);

  return { ...form, submit, failure, busy, forget, show };
}

export type ContractForm<V extends FieldValues, Out = unknown> = ReturnType<typeof useContractForm<V, Out>>;
