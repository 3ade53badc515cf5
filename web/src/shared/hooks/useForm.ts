import { useEffect, useMemo, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';

/**
 * Form state stays in the form (style guide): values, touched fields and the first error per field.
 * Client errors show once a field was left or the form submitted; server field errors show until
 * the user edits that field. On an invalid submit the first invalid field receives focus.
 */
type Errors<V> = Partial<Record<keyof V & string, string>>;

/**
 * Leaving a field for a button of the same form (the submit, mostly) does not show that field's error on
 * its own: the message would appear between mousedown and mouseup, push the button down, and the click
 * would miss it, so the person saw one error, clicked again, and only then saw the rest. The submit shows
 * every error at once instead.
 */
const leavingForAButtonOfTheSameForm = (event?: FocusEvent<HTMLElement>): boolean => {
  const next = event?.relatedTarget;
  const form = (event?.currentTarget as HTMLInputElement | undefined)?.form;
  return Boolean(form && next instanceof HTMLButtonElement && next.form === form);
};

export interface FieldBinding {
  readonly name: string;
  readonly error: string | undefined;
  readonly onBlur: () => void;
}

export function useForm<V extends Record<string, string | boolean>>(
  initial: V,
  validateValues: (values: V) => Errors<V>,
  serverErrors?: Readonly<Record<string, string>>,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [editedSinceServer, setEdited] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => setEdited(new Set()), [serverErrors]);

  const clientErrors = useMemo(() => validateValues(values), [validateValues, values]);

  const errorOf = (name: keyof V & string): string | undefined => {
    const client = submitted || touched[name] ? clientErrors[name] : undefined;
    return client ?? (editedSinceServer.has(name) ? undefined : serverErrors?.[name]);
  };

  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setEdited((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
  };

  const text = (name: keyof V & string) => ({
    name,
    value: String(values[name] ?? ''),
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValue(name, event.target.value as V[typeof name]),
    onBlur: (event?: FocusEvent<HTMLElement>) => {
      if (!leavingForAButtonOfTheSameForm(event)) setTouched((prev) => ({ ...prev, [name]: true }));
    },
  });

  const checkbox = (name: keyof V & string) => ({
    name,
    checked: Boolean(values[name]),
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as V[typeof name]),
    onBlur: (event?: FocusEvent<HTMLElement>) => {
      if (!leavingForAButtonOfTheSameForm(event)) setTouched((prev) => ({ ...prev, [name]: true }));
    },
  });

  const handleSubmit = (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid = (Object.keys(clientErrors) as (keyof V & string)[]).filter((k) => clientErrors[k]);
    if (invalid.length > 0) {
      const form = event.currentTarget;
      const first = invalid.map((name) => form.elements.namedItem(name)).find((el): el is HTMLElement => el instanceof HTMLElement);
      first?.focus();
      return;
    }
    onValid(values);
  };

  return { values, setValue, text, checkbox, handleSubmit, errors: clientErrors };
}
