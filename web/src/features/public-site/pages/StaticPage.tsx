import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Card, Container } from '../../../shared/ui/layout';

const Prose = styled.div`
  h2 {
    margin-top: ${({ theme }) => theme.space(6)};
    font-size: 1.25rem;
  }
  p,
  li {
    max-width: 70ch;
  }
`;

export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container $width="medium">
      <Card>
        <h1>{title}</h1>
        <Prose>{children}</Prose>
      </Card>
    </Container>
  );
}
