import styled, { keyframes } from 'styled-components';
import { Skeleton } from './Skeleton';

/** Full-screen loading (spec §2): message, 'Please wait a moment...', skeletons, optional progress bar. */
export type LoadingSize = 'small' | 'medium' | 'large';

const spin = keyframes`to { transform: rotate(360deg); }`;
const slide = keyframes`
  0% { transform: translateX(-100%); }
  100% { transform: translateX(250%); }
`;

const SPINNER: Record<LoadingSize, number> = { small: 24, medium: 40, large: 64 };
const WIDTH: Record<LoadingSize, string> = { small: '240px', medium: '360px', large: '520px' };

const Screen = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.background};
  padding: ${({ theme }) => theme.space(4)};
`;

const Panel = styled.div<{ $size: LoadingSize }>`
  width: 100%;
  max-width: ${({ $size }) => WIDTH[$size]};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  text-align: center;
`;

const Spinner = styled.div<{ $size: LoadingSize }>`
  width: ${({ $size }) => SPINNER[$size]}px;
  height: ${({ $size }) => SPINNER[$size]}px;
  border-radius: 50%;
  border: 4px solid ${({ theme }) => theme.colors.skeleton};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.9s linear infinite;
`;

const Message = styled.p`
  margin: 0;
  font-weight: 600;
  font-size: 1.125rem;
`;

const Sub = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bar = styled.div`
  width: 100%;
  height: 6px;
  border-radius: 999px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.skeleton};
  & > div {
    width: 40%;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    animation: ${slide} 1.2s ease-in-out infinite;
  }
`;

const Skeletons = styled.div`
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

export interface LoadingScreenProps {
  readonly message?: string;
  readonly size?: LoadingSize;
  readonly showProgress?: boolean;
  readonly showSkeletons?: boolean;
}

export function LoadingScreen({ message = 'Cargando...', size = 'medium', showProgress = false, showSkeletons = true }: LoadingScreenProps) {
  return (
    <Screen role="status" aria-live="polite" aria-busy="true">
      <Panel $size={size}>
        <Spinner $size={size} aria-hidden="true" />
        <Message>{message}</Message>
        <Sub>Please wait a moment...</Sub>
        {showProgress && (
          <>
            <Sub>Initializing application...</Sub>
            <Bar role="progressbar" aria-label="Initializing application...">
              <div />
            </Bar>
          </>
        )}
        {showSkeletons && (
          <Skeletons aria-hidden="true">
            <Skeleton $height="1.25rem" $width="70%" />
            <Skeleton />
            <Skeleton $width="85%" />
          </Skeletons>
        )}
      </Panel>
    </Screen>
  );
}
