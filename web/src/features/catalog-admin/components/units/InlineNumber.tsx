import { useId } from 'react';
import styled from 'styled-components';
import { FieldErrorText } from '../../../../shared/ui/fields';

const Input = styled.input<{ $invalid: boolean }>`
  width: 7.5rem;
  min-height: 36px;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

/** A number edited inside a table cell: named for screen readers (the column says it to sighted people), its error below. */
export function InlineNumber({
  label,
  value,
  error,
  onChange,
}: {
  readonly label: string;
  readonly value: string;
  readonly error?: string;
  readonly onChange: (value: string) => void;
}) {
  const errorId = `${useId()}-error`;
  return (
    <>
      <Input
        aria-label={label}
        inputMode="decimal"
        value={value}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </>
  );
}
