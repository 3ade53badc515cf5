import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

/**
 * Form controls with a visible label, hint and error; errors set aria-invalid and are referenced by
 * aria-describedby so screen readers read them with the field.
 */
const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Label = styled.label`
  font-weight: 600;
`;

/** The asterisk sits outside the label so the label's text is exactly the field name. */
const LabelRow = styled.div`
  display: flex;
  align-items: baseline;
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  margin-left: 2px;
`;

const controlStyles = css<{ $invalid: boolean }>`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  width: 100%;
  &:disabled,
  &[readonly] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`;
const Select = styled.select<{ $invalid: boolean }>`
  ${controlStyles}
`;
const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  min-height: 96px;
  resize: vertical;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const FieldErrorText = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.danger};
`;

interface FieldChrome {
  readonly label: ReactNode;
  readonly error?: string;
  readonly hint?: ReactNode;
}

const describedBy = (hintId: string | undefined, errorId: string | undefined): string | undefined => [hintId, errorId].filter(Boolean).join(' ') || undefined;

const useFieldIds = (hint: unknown, error: unknown) => {
  const id = useId();
  return { id, hintId: hint ? `${id}-hint` : undefined, errorId: error ? `${id}-error` : undefined };
};

/** What a control needs from its field: its id, its invalid state and the hint and error it is described by. */
interface ControlA11y {
  readonly id: string;
  readonly $invalid: boolean;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-required': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

/** A labelled field: the label (with its asterisk), the control drawn by `control`, then its hint and error. */
function LabelledField({
  label,
  error,
  hint,
  required,
  control,
}: FieldChrome & { readonly required?: boolean; readonly control: (a11y: ControlA11y) => ReactNode }) {
  const { id, hintId, errorId } = useFieldIds(hint, error);
  return (
    <Wrapper>
      <LabelRow>
        <Label htmlFor={id}>{label}</Label>
        {required && <Required aria-hidden="true">*</Required>}
      </LabelRow>
      {control({
        id,
        $invalid: Boolean(error),
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
        'aria-describedby': describedBy(hintId, errorId),
      })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </Wrapper>
  );
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField({ label, error, hint, required, ...input }: TextFieldProps) {
  return <LabelledField label={label} error={error} hint={hint} required={required} control={(a11y) => <Input {...a11y} {...input} />} />;
}

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { readonly options: readonly SelectOption[]; readonly placeholder?: string };

export function SelectField({ label, error, hint, required, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <LabelledField
      label={label}
      error={error}
      hint={hint}
      required={required}
      control={(a11y) => (
        <Select {...a11y} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    />
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({ label, error, hint, required, ...area }: TextAreaFieldProps) {
  return <LabelledField label={label} error={error} hint={hint} required={required} control={(a11y) => <TextArea {...a11y} {...area} />} />;
}

const CheckRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  label {
    font-weight: 500;
  }
`;

export type CheckboxFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

export function CheckboxField({ label, error, hint, required, ...input }: CheckboxFieldProps) {
  const { id, hintId, errorId } = useFieldIds(hint, error);
  return (
    <Wrapper>
      <CheckRow>
        <input
          type="checkbox"
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(hintId, errorId)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </CheckRow>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </Wrapper>
  );
}

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

export interface CheckboxGroupProps {
  readonly legend: ReactNode;
  readonly name: string;
  readonly options: readonly (SelectOption & { readonly disabled?: boolean })[];
  readonly selected: readonly string[];
  readonly onChange: (selected: string[]) => void;
  readonly error?: string;
  readonly disabled?: boolean;
}

export function CheckboxGroup({ legend, name, options, selected, onChange, error, disabled }: CheckboxGroupProps) {
  const errorId = `${useId()}-error`;
  const toggle = (value: string, checked: boolean) => onChange(checked ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <Fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <CheckboxField
          key={o.value}
          name={name}
          value={o.value}
          label={o.label}
          checked={selected.includes(o.value)}
          disabled={o.disabled}
          onChange={(event) => toggle(o.value, event.target.checked)}
        />
      ))}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </Fieldset>
  );
}

const RadioRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 40px;
    font-weight: 500;
    cursor: pointer;
  }
  input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export interface RadioGroupProps {
  readonly legend: ReactNode;
  readonly name: string;
  readonly options: readonly SelectOption[];
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly error?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
}

/**
 * One choice among a few, all visible: a fieldset of radios (arrow keys move between them). It is a
 * radiogroup to assistive technology, the role that may say "required" and "invalid" (a plain fieldset may not).
 */
export function RadioGroup({ legend, name, options, value, onChange, onBlur, error, required, disabled }: RadioGroupProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Fieldset
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      disabled={disabled}
    >
      <legend id={`${id}-legend`}>
        {legend}
        {required && <Required aria-hidden="true">*</Required>}
      </legend>
      <RadioRow>
        {options.map((o) => (
          <label key={o.value}>
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} onBlur={onBlur} />
            {o.label}
          </label>
        ))}
      </RadioRow>
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </Fieldset>
  );
}
