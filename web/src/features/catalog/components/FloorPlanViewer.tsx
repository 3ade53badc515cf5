import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../shared/ui/Button';
import { SelectField } from '../../../shared/ui/fields';
import { Muted, Row } from '../../../shared/ui/layout';

export interface PlanOption {
  readonly id: string;
  readonly name: string;
  readonly url: string;
}

const Viewport = styled.div`
  overflow: auto;
  max-height: 520px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff;
  margin: ${({ theme }) => theme.space(3)} 0;
  img {
    display: block;
    transform-origin: 0 0;
    max-width: none;
  }
`;

const ZOOMS = [0.75, 1, 1.5, 2, 3] as const;

const isPdf = (url: string) => /\.pdf($|\?)/i.test(url);

/** The floor plan of the chosen unit (or any plan of the project), with zoom and a full-size link. */
export function FloorPlanViewer({ plans, initialPlanId }: { plans: readonly PlanOption[]; initialPlanId: string | null }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const statusId = useId();
  const planId = chosen && plans.some((p) => p.id === chosen) ? chosen : (initialPlanId ?? plans[0]?.id ?? null);
  const plan = plans.find((p) => p.id === planId) ?? null;
  if (!plan) return <Muted>Este proyecto aún no publica planos.</Muted>;
  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <div>
      <SelectField
        label="Plano"
        options={plans.map((p) => ({ value: p.id, label: p.name }))}
        value={plan.id}
        onChange={(e) => {
          setChosen(e.target.value);
          setZoom(1);
        }}
      />
      {isPdf(plan.url) ? (
        <p>
          <a href={plan.url} target="_blank" rel="noopener noreferrer">
            Abrir plano {plan.name} (PDF)
          </a>
        </p>
      ) : (
        <>
          <Row $gap={2} role="group" aria-label="Zoom del plano" aria-describedby={statusId}>
            <Button onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)])} disabled={zoomIndex <= 0}>
              Alejar
            </Button>
            <Button onClick={() => setZoom(1)} disabled={zoom === 1}>
              Tamaño original
            </Button>
            <Button onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)])} disabled={zoomIndex >= ZOOMS.length - 1}>
              Acercar
            </Button>
            <span id={statusId} aria-live="polite">
              Zoom {Math.round(zoom * 100)} %
            </span>
          </Row>
          <Viewport tabIndex={0} aria-label={`Plano ${plan.name}, desplazable`}>
            <img src={plan.url} alt={`Plano ${plan.name}`} style={{ width: `${zoom * 100}%` }} />
          </Viewport>
          <a href={plan.url} target="_blank" rel="noopener noreferrer">
            Ver plano en tamaño completo (pestaña nueva)
          </a>
        </>
      )}
    </div>
  );
}
