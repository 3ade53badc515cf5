import { useId } from 'react';
import styled from 'styled-components';
import { toastRequested } from '../../../shared/events';
import { useAppDispatch } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';

const Bar = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  input {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

export const LINK_COPIED = 'Enlace copiado. Ya puede compartirlo.';
export const LINK_COPY_FAILED = 'No se pudo copiar el enlace. Selecciónelo y cópielo manualmente.';

/** The page's address (with the chosen unit) to copy and share. */
export function ShareLink({ url }: { url: string }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      dispatch(toastRequested({ kind: 'success', message: LINK_COPIED }));
    } catch {
      dispatch(toastRequested({ kind: 'error', message: LINK_COPY_FAILED }));
    }
  };
  return (
    <div>
      <label htmlFor={id}>
        <strong>Enlace para compartir</strong>
      </label>
      <Bar>
        <input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={() => void copy()}>Copiar enlace</Button>
      </Bar>
    </div>
  );
}
