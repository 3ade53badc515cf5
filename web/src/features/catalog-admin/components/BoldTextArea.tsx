import { useRef } from 'react';
import styled from 'styled-components';
import { toggleBold } from '../../../shared/format/bold-text';
import { BoldText } from '../../../shared/ui/BoldText';
import { Button } from '../../../shared/ui/Button';
import { TextAreaField } from '../../../shared/ui/fields';

const Preview = styled.div`
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  white-space: pre-line;
  color: ${({ theme }) => theme.colors.text};
`;

export interface BoldTextAreaProps {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly error?: string;
  readonly onChange: (value: string) => void;
}

/**
 * A description with basic bold (spec §5): "Negrita" marks the selected words with ** (as buyers see them,
 * bold), and a preview shows the result.
 */
export function BoldTextArea({ label, name, value, error, onChange }: BoldTextAreaProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const bold = () => {
    const el = box.current?.querySelector('textarea');
    if (!el) return;
    const next = toggleBold(value, el.selectionStart, el.selectionEnd);
    onChange(next.value);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <div ref={box}>
      <Button variant="ghost" onClick={bold}>
        <strong aria-hidden="true">N</strong>
        Negrita
      </Button>
      <TextAreaField
        label={label}
        name={name}
        rows={5}
        value={value}
        error={error}
        hint="Seleccione un texto y pulse Negrita para destacarlo (**así**)."
        onChange={(e) => onChange(e.target.value)}
      />
      {value.includes('**') && (
        <Preview aria-label={`Vista previa de ${label.toLowerCase()}`} role="region">
          <BoldText value={value} />
        </Preview>
      )}
    </div>
  );
}
