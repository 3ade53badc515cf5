import type { ReactNode } from 'react';
import styled from 'styled-components';

export type AlertKind = 'error' | 'warning' | 'success' | 'info';

const Box = styled.div<{ $kind: AlertKind }>`
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-left: 4px solid
    ${({ theme, $kind }) => ({ error: theme.colors.danger, warning: theme.colors.warning, success: theme.colors.success, info: theme.colors.info })[$kind]};
  background: ${({ theme, $kind }) => ({ error: theme.colors.dangerSurface, warning: theme.colors.warningSurface, success: theme.colors.successSurface, info: theme.colors.infoSurface })[$kind]};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0;
  }
  p + p,
  ul {
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;

/** Errors and warnings interrupt (role alert); success and info are polite (role status). */
export function Alert({ kind, title, children }: { kind: AlertKind; title?: string; children?: ReactNode }) {
  return (
    <Box $kind={kind} role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}>
      {title && <strong>{title}</strong>}
      {children}
    </Box>
  );
}
