import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Card, Container, Muted } from '../../../shared/ui/layout';

const Links = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

/** Frame of the account screens: one card, one h1, optional links under the form. */
export function AuthFrame({
  title,
  intro,
  width = 'narrow',
  links,
  children,
}: {
  title: string;
  intro?: ReactNode;
  width?: 'narrow' | 'medium';
  links?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Container $width={width}>
      <Card>
        <h1>{title}</h1>
        {intro && <Muted>{intro}</Muted>}
        {children}
        {links && <Links>{links}</Links>}
      </Card>
    </Container>
  );
}
