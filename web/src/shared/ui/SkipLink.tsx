import styled from 'styled-components';

const Link = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space(2)};
  top: -100px;
  z-index: 1000;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  border-radius: ${({ theme }) => theme.radius.md};
  &:focus {
    top: ${({ theme }) => theme.space(2)};
  }
`;

export const MAIN_CONTENT_ID = 'contenido-principal';

export function SkipLink() {
  return <Link href={`#${MAIN_CONTENT_ID}`}>Saltar al contenido principal</Link>;
}
