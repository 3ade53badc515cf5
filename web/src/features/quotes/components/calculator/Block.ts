import styled from 'styled-components';

/** One part of the calculator's answer, under its h3. */
export const Block = styled.div`
  margin-bottom: ${({ theme }) => theme.space(5)};
  h3 {
    font-size: 1.0625rem;
  }
`;
