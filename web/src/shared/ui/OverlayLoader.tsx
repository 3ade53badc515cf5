import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.overlay};
  color: #fff;
  font-weight: 600;
`;

const Spinner = styled.div`
  width: 48px;
  height: 48px;
  border-radius: 50%;
  border: 4px solid rgba(255, 255, 255, 0.35);
  border-top-color: #fff;
  animation: ${spin} 0.9s linear infinite;
`;

/** Blocks the page while a pessimistic command waits for the server. */
export function OverlayLoader({ visible = true, label = 'Cargando...' }: { visible?: boolean; label?: string }) {
  if (!visible) return null;
  return (
    <Overlay role="status" aria-live="assertive" aria-busy="true">
      <Spinner aria-hidden="true" />
      <span>{label}</span>
    </Overlay>
  );
}
