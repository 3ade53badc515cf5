import { Link } from 'react-router-dom';
import styled from 'styled-components';

export const Container = styled.div<{ $width?: 'narrow' | 'medium' | 'wide' }>`
  width: 100%;
  max-width: ${({ $width = 'wide' }) => ({ narrow: '480px', medium: '760px', wide: '1200px' })[$width]};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)}`};
`;

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 3 }) => theme.space($gap)};
`;

export const Row = styled.div<{ $gap?: number; $wrap?: boolean; $justify?: string; $align?: string }>`
  display: flex;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ theme, $gap = 3 }) => theme.space($gap)};
  justify-content: ${({ $justify = 'flex-start' }) => $justify};
  align-items: ${({ $align = 'center' }) => $align};
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  /* min(100%, …): on a phone narrower than the minimum, one column as wide as the screen instead of overflowing it. */
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min = '220px' }) => $min}), 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  font-weight: 500;
`;

export const DescriptionList = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: break-word;
  }
  /* A phone: each name above its value, so a long email or address has the whole width. */
  @media (max-width: 479px) {
    grid-template-columns: minmax(0, 1fr);
    row-gap: 0;
    dd {
      margin-bottom: ${({ theme }) => theme.space(2)};
      overflow-wrap: anywhere;
    }
  }
`;

export const Badge = styled.span<{ $tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info' }>`
  display: inline-block;
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  font-size: 0.8125rem;
  font-weight: 600;
  ${({ theme, $tone = 'neutral' }) => {
    const map = {
      neutral: [theme.colors.surfaceAlt, theme.colors.text],
      success: [theme.colors.successSurface, theme.colors.success],
      warning: [theme.colors.warningSurface, theme.colors.warning],
      danger: [theme.colors.dangerSurface, theme.colors.danger],
      info: [theme.colors.infoSurface, theme.colors.info],
    } as const;
    const [bg, fg] = map[$tone];
    return `background: ${bg}; color: ${fg};`;
  }}
`;

/**
 * Headline figures (KPIs): each name above its figure, the figure on one line at a size that reads at a glance.
 * A figure that would not fit is cut with an ellipsis rather than wrapped, and the layout check in the browser
 * journeys fails on it ([data-kpi]): a card must be wide enough for its figures.
 */
export const KpiList = styled.dl`
  display: flex;
  flex-direction: column;
  margin: 0;
  dt {
    font-weight: 600;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: 1.25rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  dd:last-child {
    margin-bottom: 0;
  }
`;

/** A second, quieter line under a cell's main text (a lead's phone under the email, a unit's model under its number). */
export const Detail = styled.span`
  display: block;
  font-weight: 400;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
