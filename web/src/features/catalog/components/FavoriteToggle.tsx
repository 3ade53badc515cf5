import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { favoriteToggled, selectFavoriteSaving, selectIsFavorite, type CatalogState } from '../slice';

const Toggle = styled.button<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme, $on }) => ($on ? theme.colors.dangerSurface : theme.colors.surface)};
  color: ${({ theme, $on }) => ($on ? theme.colors.danger : theme.colors.text)};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
  span[aria-hidden] {
    font-size: 1.125rem;
    line-height: 1;
  }
`;

type Root = { catalog: CatalogState };

export interface FavoriteToggleProps {
  readonly projectId: string;
  readonly projectName: string;
  readonly authenticated: boolean;
  /** Visitors are asked to sign in first. */
  readonly onSignIn: () => void;
  readonly compact?: boolean;
}

/** The heart of a project: a toggle button (aria-pressed); visitors are sent to sign in. */
export function FavoriteToggle({ projectId, projectName, authenticated, onSignIn, compact = false }: FavoriteToggleProps) {
  const dispatch = useAppDispatch();
  const on = useAppSelector((s: Root) => selectIsFavorite(s, projectId));
  const saving = useAppSelector((s: Root) => selectFavoriteSaving(s, projectId));
  const label = on ? 'En favoritos' : 'Guardar en favoritos';
  return (
    <Toggle
      type="button"
      $on={on}
      aria-pressed={authenticated ? on : undefined}
      // The name starts with the visible words (WCAG 2.5.3, label in name); visitors also hear they must sign in.
      aria-label={authenticated ? `${label}: ${projectName}` : `${label}: ${projectName} (requiere iniciar sesión)`}
      disabled={saving}
      onClick={() => (authenticated ? dispatch(favoriteToggled({ projectId, favorite: !on })) : onSignIn())}
    >
      <span aria-hidden="true">{on ? '♥' : '♡'}</span>
      {!compact && <span>{label}</span>}
    </Toggle>
  );
}
