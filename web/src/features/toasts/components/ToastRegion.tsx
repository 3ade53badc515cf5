import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { selectToasts, toastDismissed, type Toast } from '../slice';

const Region = styled.div`
  position: fixed;
  top: ${({ theme }) => theme.space(4)};
  right: ${({ theme }) => theme.space(4)};
  z-index: 1000;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: min(380px, calc(100vw - 2rem));
  pointer-events: none;
`;

const Item = styled.div<{ $kind: Toast['kind'] }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $kind }) => ({ error: theme.colors.dangerSurface, warning: theme.colors.warningSurface, success: theme.colors.successSurface, info: theme.colors.infoSurface })[$kind]};
  border-left: 4px solid
    ${({ theme, $kind }) => ({ error: theme.colors.danger, warning: theme.colors.warning, success: theme.colors.success, info: theme.colors.info })[$kind]};
  p {
    margin: 0;
    flex: 1;
  }
`;

const Close = styled.button`
  border: none;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  padding: 0 ${({ theme }) => theme.space(1)};
`;

/**
 * Top-right toasts; errors are assertive (role alert), the rest polite. The container is a named region
 * (a plain div may not carry aria-label), so screen-reader users can find past toasts too.
 */
export function ToastRegion() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  return (
    <Region role="region" aria-live="polite" aria-label="Notificaciones">
      {toasts.map((toast) => (
        <Item key={toast.id} $kind={toast.kind} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <p>{toast.message}</p>
          <Close type="button" aria-label="Cerrar notificación" onClick={() => dispatch(toastDismissed(toast.id))}>
            ×
          </Close>
        </Item>
      ))}
    </Region>
  );
}
