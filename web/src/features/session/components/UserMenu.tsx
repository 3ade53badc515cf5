import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { roleLabel } from '../../../shared/auth/roles';
import { fullName } from '../../../shared/auth/session-mapping';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { logoutRequested, selectActiveRole, selectSessionUser } from '../slice';

const Wrapper = styled.div`
  display: flex;
  min-width: 0;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The profile is where a person's name leads (it keeps the header's navigation to one row). */
export const PROFILE_PATH = '/dashboard/profile';

const Who = styled(Link)`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  display: flex;
  flex-direction: column;
  line-height: 1.2;
  font-size: 0.875rem;
  max-width: 11rem;
  min-width: 0;
`;

const Line = styled.span<{ $muted?: boolean }>`
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  color: ${({ theme, $muted }) => ($muted ? theme.colors.textMuted : 'inherit')};
`;

const Logout = styled(Button)`
  white-space: nowrap;
  flex-shrink: 0;
`;

/** Signed-in user's name and active role (a link to their profile), and the logout button. */
export function UserMenu() {
  const user = useAppSelector(selectSessionUser);
  const activeRole = useAppSelector(selectActiveRole);
  const dispatch = useAppDispatch();
  if (!user) return null;
  return (
    <Wrapper>
      <Who to={PROFILE_PATH} title="Mi perfil">
        <VisuallyHidden>Mi perfil: </VisuallyHidden>
        <Line>{fullName(user) || user.email}</Line>
        {activeRole && <Line $muted>{roleLabel(activeRole)}</Line>}
      </Who>
      <Logout onClick={() => dispatch(logoutRequested())}>Cerrar sesión</Logout>
    </Wrapper>
  );
}
