import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface TabDef {
  readonly id: string;
  readonly label: string;
  readonly panel: () => ReactNode;
}

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin: ${({ theme }) => `${theme.space(4)} 0 ${theme.space(3)}`};
`;

const Tab = styled.button<{ $selected: boolean }>`
  font: inherit;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: none;
  border-bottom: 3px solid ${({ $selected, theme }) => ($selected ? theme.colors.primary : 'transparent')};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ $selected }) => ($selected ? 600 : 400)};
  cursor: pointer;
`;

/** Tabs of a detail screen (WAI-ARIA tabs: arrow keys move between them; only the chosen panel is rendered). */
export function Tabs({ tabs, label, initial }: { readonly tabs: readonly TabDef[]; readonly label: string; readonly initial?: string }) {
  const [selected, setSelected] = useState(initial ?? tabs[0]?.id);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setSelected(tabs[next].id);
    refs.current[next]?.focus();
  };
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  return (
    <>
      <List role="tablist" aria-label={label}>
        {tabs.map((t, i) => (
          <Tab
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === current.id}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === current.id ? 0 : -1}
            $selected={t.id === current.id}
            onClick={() => setSelected(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </Tab>
        ))}
      </List>
      <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`} tabIndex={0}>
        {current.panel()}
      </div>
    </>
  );
}
