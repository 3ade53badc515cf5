import { useEffect, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { Button } from '../../../shared/ui/Button';

const Floating = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space(4)};
  bottom: ${({ theme }) => theme.space(4)};
  z-index: 500;
  button {
    box-shadow: ${({ theme }) => theme.shadow};
  }
`;

const SHOW_AFTER_PX = 600;

export const scrollToTop = (focusTarget: RefObject<HTMLElement | null>) => {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  focusTarget.current?.focus({ preventScroll: true });
};

/** "Volver arriba": floats in once the page is scrolled; moves focus to the page heading too. */
export function BackToTop({ focusTarget }: { focusTarget: RefObject<HTMLElement | null> }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Floating>
      <Button variant="primary" onClick={() => scrollToTop(focusTarget)}>
        ↑ Volver arriba
      </Button>
    </Floating>
  );
}
