import styled from 'styled-components';
import { roleLabel } from '../../../shared/auth/roles';
import { fullName } from '../../../shared/auth/session-mapping';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { logoutRequested, selectActiveRole, selectSessionUser } from '../slice';

const Wrapper = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Who = styled.p`
  margin: 0;
  display: flex;
  flex-direction: column;
  line-height: 1.2;
  font-size: 0.875rem;
  span:last-child { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Signed-in user's name, active role and the logout button. */
export function UserMenu() {
  const user = useAppSelector(selectSessionUser);
  const activeRole = useAppSelector(selectActiveRole);
  const dispatch = useAppDispatch();
  if (!user) return null;
  return (
    <Wrapper>
      <Who>
        <span>{fullName(user) || user.email}</span>
        {activeRole && <span>{roleLabel(activeRole)}</span>}
      </Who>
      <Button onClick={() => dispatch(logoutRequested())}>Cerrar sesión</Button>
    </Wrapper>
  );
}
