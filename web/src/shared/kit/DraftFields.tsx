import type { HTMLAttributes, HTMLInputTypeAttribute, ReactNode } from 'react';
import { CheckboxField, SelectField, TextAreaField, TextField, type SelectOption } from '../ui/fields';
import { Grid } from '../ui/layout';
import type { DraftValues } from './useDraft';

/** One field of a draft form, as data: a labelled text input unless `kind` says otherwise. */
export interface DraftField<D extends DraftValues> {
  readonly name: keyof D & string;
  readonly label: string;
  readonly kind?: 'text' | 'textarea' | 'select' | 'checkbox';
  /** The input's type (email, password, date, time, tel). */
  readonly type?: HTMLInputTypeAttribute;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly autoComplete?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly hint?: ReactNode;
  /** A textarea's height in lines. */
  readonly rows?: number;
  /** A select's choices, and the empty first one when there is any. */
  readonly options?: readonly SelectOption[];
  readonly placeholder?: string;
}

/** What the fields read and write: a useDraft (or anything with the same three parts). */
export interface DraftBinding<D extends DraftValues> {
  readonly draft: D;
  readonly errors: Readonly<Record<string, string>>;
  readonly set: <K extends keyof D & string>(key: K, value: D[K]) => void;
}

/** One field drawn from its description: label tied to the control, required mark, hint and error under it. */
export function DraftFieldControl<D extends DraftValues>({ form, field }: { readonly form: DraftBinding<D>; readonly field: DraftField<D> }) {
  const { name, kind = 'text', options = [], ...rest } = field;
  const value = form.draft[name];
  const error = form.errors[name];
  const change = (next: string | boolean) => form.set(name, next as D[typeof name]);
  switch (kind) {
    case 'checkbox':
      return (
        <CheckboxField
          name={name}
          label={rest.label}
          hint={rest.hint}
          disabled={rest.disabled}
          error={error}
          checked={Boolean(value)}
          onChange={(e) => change(e.target.checked)}
        />
      );
    case 'select':
      return <SelectField name={name} {...rest} options={options} error={error} value={String(value)} onChange={(e) => change(e.target.value)} />;
    case 'textarea':
      return <TextAreaField name={name} {...rest} error={error} value={String(value)} onChange={(e) => change(e.target.value)} />;
    default:
      return <TextField name={name} {...rest} error={error} value={String(value)} onChange={(e) => change(e.target.value)} />;
  }
}

/**
 * A form's fields from data (a constant beside the form), in a grid when `min` is given (the narrowest a column
 * gets). A `false` entry is left out: `[...FIELDS, editing && REASON_FIELD]`.
 */
export function DraftFields<D extends DraftValues>({
  form,
  fields,
  min,
}: {
  readonly form: DraftBinding<D>;
  readonly fields: readonly (DraftField<D> | false | null | undefined)[];
  readonly min?: string;
}) {
  const drawn = fields.flatMap((field) => (field ? [<DraftFieldControl key={field.name} form={form} field={field} />] : []));
  return min ? <Grid $min={min}>{drawn}</Grid> : <>{drawn}</>;
}
