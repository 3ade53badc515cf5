import styled from 'styled-components';
import type { StepItem, StepState } from './step-item';
import { VisuallyHidden } from './VisuallyHidden';

export type { StepItem, StepState };

const STATE_TEXT: Record<StepState, string> = { done: 'completado', current: 'en curso', failed: 'con error', pending: 'pendiente' };

const List = styled.ol`
  list-style: none;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
`;

const Item = styled.li<{ $state: StepState }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 0.9375rem;
  font-weight: ${({ $state }) => ($state === 'current' ? 700 : 500)};
  color: ${({ theme, $state }) => ($state === 'pending' ? theme.colors.textMuted : theme.colors.text)};
`;

const Marker = styled.span<{ $state: StepState }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  font-size: 0.875rem;
  font-weight: 700;
  border: 2px solid
    ${({ theme, $state }) => ({ done: theme.colors.success, current: theme.colors.primary, failed: theme.colors.danger, pending: theme.colors.border })[$state]};
  background: ${({ theme, $state }) => ({ done: theme.colors.successSurface, current: theme.colors.infoSurface, failed: theme.colors.dangerSurface, pending: 'transparent' })[$state]};
  color: ${({ theme, $state }) => ({ done: theme.colors.success, current: theme.colors.primary, failed: theme.colors.danger, pending: theme.colors.textMuted })[$state]};
`;

const Track = styled.div`
  height: 6px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.skeleton};
  overflow: hidden;
  & > div {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    transition: width 0.3s ease;
  }
`;

const symbol = (state: StepState, index: number) => (state === 'done' ? '✓' : state === 'failed' ? '!' : String(index + 1));

/** A numbered progress indicator: the steps with their state, and a bar that says "step n of m". */
export function Steps({ steps, label }: { steps: readonly StepItem[]; label: string }) {
  const done = steps.filter((s) => s.state === 'done').length;
  const active = steps.findIndex((s) => s.state === 'current' || s.state === 'failed');
  const position = active === -1 ? done : active + 1;
  const current = steps[Math.max(0, Math.min(steps.length, position) - 1)];
  return (
    <div>
      <List aria-label={label}>
        {steps.map((step, index) => (
          <Item key={step.label} $state={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
            <Marker $state={step.state} aria-hidden="true">
              {symbol(step.state, index)}
            </Marker>
            <span>
              {step.label}
              <VisuallyHidden> ({STATE_TEXT[step.state]})</VisuallyHidden>
            </span>
          </Item>
        ))}
      </List>
      <Track
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-valuetext={current ? `Paso ${position} de ${steps.length}: ${current.label}` : undefined}
      >
        <div style={{ width: `${(done / Math.max(1, steps.length)) * 100}%` }} />
      </Track>
    </div>
  );
}
