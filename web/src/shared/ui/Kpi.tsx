import type { ReactNode } from 'react';

/** One headline figure inside a KpiList: its name, then the figure (marked for the layout check). */
export function Kpi({ label, children }: { readonly label: ReactNode; readonly children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-kpi="">{children}</dd>
    </>
  );
}
