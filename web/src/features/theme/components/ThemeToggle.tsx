import styled from 'styled-components';
import { Button } from '../../../shared/ui/Button';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { selectThemeMode, themeToggled } from '../slice';

const Glyph = styled.span`
  font-size: 1.25rem;
  line-height: 1;
`;

/**
 * Header toggle: a sun or a moon, named by what it does (aria-label, also the tooltip). Icon-only keeps the
 * header on one row; with no visible words, the name cannot disagree with them.
 */
export function ThemeToggle() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  const label = mode === 'dark' ? 'Activar tema claro' : 'Activar tema oscuro';
  return (
    <Button variant="ghost" onClick={() => dispatch(themeToggled())} aria-label={label} title={label}>
      <Glyph aria-hidden="true">{mode === 'dark' ? '☀' : '☾'}</Glyph>
    </Button>
  );
}
