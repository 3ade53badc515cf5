import type { FocusEvent, HTMLAttributes, HTMLInputTypeAttribute, ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CheckboxField, RadioGroup, SelectField, TextAreaField, TextField, type SelectOption } from '../ui/fields';
import { Grid } from '../ui/layout';

/** One field of a form, as data: a labelled text input unless `kind` says otherwise. */
export interface FieldSpec<V extends FieldValues> {
  readonly name: Path<V>;
  readonly label: string;
  readonly kind?: 'text' | 'textarea' | 'select' | 'checkbox' | 'radio';
  /** The input's type (email, password, date, time, tel). */
  readonly type?: HTMLInputTypeAttribute;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly autoComplete?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly hint?: ReactNode;
  /** A textarea's height in lines. */
  readonly rows?: number;
  /** A select's or a radio group's choices; a select's empty first one is its placeholder. */
  readonly options?: readonly SelectOption[];
  readonly placeholder?: string;
  readonly maxLength?: number;
}

/** What the fields need of a useContractForm: its control and when errors show. */
export interface FormBinding<V extends FieldValues> {
  readonly control: Control<V, unknown, never> | Control<V, unknown, unknown>;
  readonly clearErrors: (name?: Path<V>) => void;
}

/**
 * Leaving a field for a button of the same form (the submit, mostly) does not show that field's error on its own:
 * the message would appear between mousedown and mouseup, push the button down, and the click would miss it. The
 * submit shows every error at once instead.
 */
const leavingForAButtonOfTheSameForm = (event: FocusEvent<HTMLElement>): boolean => {
  const next = event.relatedTarget;
  const form = (event.currentTarget as HTMLInputElement).form;
  return Boolean(form && next instanceof HTMLButtonElement && next.form === form);
};

/** One field drawn from its description with the kit's controls: label tied to it, required mark, hint and error. */
export function FormField<V extends FieldValues>({ form, field }: { readonly form: FormBinding<V>; readonly field: FieldSpec<V> }) {
  const { name, kind = 'text', options = [], ...rest } = field;
  const { field: bound, fieldState } = useController({ control: form.control as Control<V>, name });
  const error = fieldState.error?.message;
  const change = (next: string | boolean) => {
    bound.onChange(next);
    // A server's or a submit's error goes as the person edits the field (in 'touched' forms the check runs again).
    if (fieldState.error) form.clearErrors(name);
  };
  const common = {
    name,
    ref: bound.ref,
    error,
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!leavingForAButtonOfTheSameForm(event)) bound.onBlur();
    },
  };
  switch (kind) {
    case 'checkbox':
      return (
        <CheckboxField
          {...common}
          label={rest.label}
          hint={rest.hint}
          required={rest.required}
          disabled={rest.disabled}
          checked={Boolean(bound.value)}
          onChange={(e) => change(e.target.checked)}
        />
      );
    case 'radio':
      return (
        <RadioGroup
          name={name}
          legend={rest.label}
          required={rest.required}
          disabled={rest.disabled}
          options={options}
          value={String(bound.value ?? '')}
          error={error}
          onBlur={() => bound.onBlur()}
          onChange={change}
        />
      );
    case 'select':
      return <SelectField {...common} {...rest} options={options} value={String(bound.value ?? '')} onChange={(e) => change(e.target.value)} />;
    case 'textarea':
      return <TextAreaField {...common} {...rest} value={String(bound.value ?? '')} onChange={(e) => change(e.target.value)} />;
    default:
      return <TextField {...common} {...rest} value={String(bound.value ?? '')} onChange={(e) => change(e.target.value)} />;
  }
}

/**
 * A form's fields from data (a constant beside the form), in a grid when `min` is given (the narrowest a column
 * gets). A `false` entry is left out: `[...FIELDS, editing && REASON_FIELD]`.
 */
export function FormFields<V extends FieldValues>({
  form,
  fields,
  min,
}: {
  readonly form: FormBinding<V>;
  readonly fields: readonly (FieldSpec<V> | false | null | undefined)[];
  readonly min?: string;
}) {
  const drawn = fields.flatMap((field) => (field ? [<FormField key={field.name} form={form} field={field} />] : []));
  return min ? <Grid $min={min}>{drawn}</Grid> : <>{drawn}</>;
}
