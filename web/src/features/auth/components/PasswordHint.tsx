import styled from 'styled-components';

const Advice = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

/**
 * The password field's hint: the length rule, and, as the user types, why the password would be refused
 * (a polite live region, so screen readers hear it without losing their place).
 */
export function PasswordHint({ advice, rule }: { advice: string | null; rule: string }) {
  return (
    <>
      {rule}
      <Advice role="status" aria-live="polite">
        {advice ?? ''}
      </Advice>
    </>
  );
}
