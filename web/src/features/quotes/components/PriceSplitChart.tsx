import { lazy, Suspense } from 'react';
import styled, { useTheme } from 'styled-components';
import { formatPercent, formatUF } from '../../../shared/format/format';
import { useNearViewport } from '../../../shared/hooks/useNearViewport';
import type { ChartSlice } from '../calculator';

/** chart.js (some 170 KB) downloads when the doughnut comes near the screen: on a phone it is far down the page. */
const PriceSplitDoughnut = lazy(() => import('./PriceSplitDoughnut'));

/** The doughnut's square, kept while chart.js loads so that nothing moves when it is drawn. */
const Square = styled.div`
  aspect-ratio: 1;
`;

const Figure = styled.figure`
  display: grid;
  grid-template-columns: minmax(160px, 220px) 1fr;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  margin: 0;
  @media (max-width: 520px) {
    grid-template-columns: 1fr;
  }
  figcaption {
    grid-column: 1 / -1;
    font-weight: 600;
  }
`;

const Legend = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  span[aria-hidden] {
    width: 14px;
    height: 14px;
    border-radius: 3px;
    flex: none;
  }
`;

/**
 * A doughnut of how the price is paid (own pie, company and real-estate contributions, loan). The canvas
 * is decoration: the legend beside it states every amount and share in text.
 */
export default function PriceSplitChart({ title, slices }: { title: string; slices: readonly ChartSlice[] }) {
  const theme = useTheme();
  const palette = [theme.colors.primary, theme.colors.success, theme.colors.warning, theme.colors.info, theme.colors.textMuted];
  const colors = slices.map((_, i) => (slices.length > 2 && i === slices.length - 1 ? theme.colors.border : palette[i % palette.length]));
  const total = slices.reduce((sum, s) => sum + s.valueUF, 0) || 1;
  const [square, near] = useNearViewport<HTMLDivElement>();
  return (
    <Figure>
      <figcaption>{title}</figcaption>
      <Square aria-hidden="true" ref={square}>
        {near && (
          <Suspense fallback={null}>
            <PriceSplitDoughnut slices={slices} colors={colors} borderColor={theme.colors.surface} />
          </Suspense>
        )}
      </Square>
      <Legend>
        {slices.map((s, i) => (
          <li key={s.label}>
            <span aria-hidden="true" style={{ background: colors[i] }} />
            <span>
              {s.label}: <strong>{formatUF(s.valueUF)}</strong> ({formatPercent((s.valueUF / total) * 100, 1)})
            </span>
          </li>
        ))}
      </Legend>
    </Figure>
  );
}
