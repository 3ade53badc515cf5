import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { usePageOrigin } from '../../../shared/hooks/usePageOrigin';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Card, Muted, TextLink } from '../../../shared/ui/layout';
import type { ProjectDetail, UnitRow } from '../api/catalog-api';
import { FloorPlanViewer } from '../components/FloorPlanViewer';
import { Gallery } from '../components/Gallery';
import { plansOf } from '../components/project/plans-of';
import { ProjectHeader } from '../components/project/ProjectHeader';
import { ProjectLoadFailed, ProjectLoading } from '../components/project/ProjectLoadStates';
import { ProjectDescription, ProjectFacts, ProjectFeatures, ProjectLocation, ProjectPromotions } from '../components/project/ProjectSections';
import { YourUnitCard } from '../components/project/YourUnitCard';
import { ShareLink } from '../components/ShareLink';
import { UnitTable } from '../components/UnitTable';
import { unitPriceUF, type Pricing } from '../labels';
import { favoritesRequested, projectOpened, selectProject, selectSelection, selectUnits, unitFiltersChanged, unitSelected } from '../slice';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(300px, 380px);
  gap: ${({ theme }) => theme.space(6)};
  align-items: start;
  @media (max-width: 960px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Aside = styled.div`
  position: sticky;
  top: ${({ theme }) => theme.space(4)};
  @media (max-width: 960px) {
    position: static;
  }
`;

const SectionTitle = styled.h2`
  &:focus {
    outline: none;
  }
`;

/** What the project page gives the pieces composed into it (calculator, reservation, contact). */
export interface ProjectContext {
  readonly project: ProjectDetail;
  /** The selected unit (unit selector), if any. */
  readonly unit: UnitRow | null;
  readonly pricing: Pricing;
  /** The selected unit's price under the pricing option. */
  readonly priceUF: number | null;
  /** Scrolls to the unit table and moves focus there ("explore other units"). */
  readonly showUnits: () => void;
}

export interface ProjectDetailsPageProps {
  readonly authenticated: boolean;
  readonly onSignIn: () => void;
  readonly calculator?: (context: ProjectContext) => ReactNode;
  readonly reservation?: (context: ProjectContext) => ReactNode;
  readonly contact?: (context: ProjectContext) => ReactNode;
}

/**
 * Project details (spec §2): description, features, promotions, location, unit table with filters,
 * unit selector, floor plans, share link and pricing options. The calculator, the reservation and the
 * contact requests belong to other features; the app composes them in through the render props.
 */
export default function ProjectDetailsPage({ authenticated, onSignIn, calculator, reservation, contact }: ProjectDetailsPageProps) {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const projectState = useAppSelector(selectProject);
  const units = useAppSelector(selectUnits);
  const selection = useAppSelector(selectSelection);
  const unitsHeading = useRef<HTMLHeadingElement>(null);

  const unitParam = params.get('unit');
  const project = projectState.id === projectId ? projectState.detail : null;
  const bonusEnabled = project?.pricing?.bonusEnabled === true;
  const pricing: Pricing = bonusEnabled && params.get('pricing') === 'bonus' ? 'bonus' : 'normal';
  const unit = selection.unitId !== null && selection.unitId === unitParam ? selection.unit : null;
  const priceUF = unit ? unitPriceUF(unit, pricing) : null;
  useDocumentTitle(project?.name ?? 'Proyecto');
  const origin = usePageOrigin();

  useEffect(() => {
    dispatch(projectOpened({ projectId }));
  }, [dispatch, projectId]);

  useEffect(() => {
    dispatch(unitSelected({ projectId, unitId: unitParam }));
  }, [dispatch, projectId, unitParam]);

  useEffect(() => {
    if (authenticated) dispatch(favoritesRequested());
  }, [authenticated, dispatch]);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  const showUnits = useCallback(() => {
    const heading = unitsHeading.current;
    if (!heading) return;
    heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  }, []);

  const context = useMemo<ProjectContext | null>(
    () => (project ? { project, unit, pricing, priceUF, showUnits } : null),
    [project, unit, pricing, priceUF, showUnits],
  );

  if (projectState.id === projectId && projectState.status === 'failed' && projectState.error) {
    return <ProjectLoadFailed error={projectState.error} onRetry={() => dispatch(projectOpened({ projectId }))} />;
  }

  if (!project || !context) return <ProjectLoading />;

  const shareUrl = `${origin}/projects/${encodeURIComponent(project.id)}${unit ? `?unit=${encodeURIComponent(unit.id)}` : ''}`;
  const { plans, initial } = plansOf(project, unit);

  return (
    <>
      <p>
        <TextLink to="/projects">← Volver a proyectos</TextLink>
      </p>
      <ProjectHeader project={project} authenticated={authenticated} onSignIn={onSignIn} />
      <Gallery projectName={project.name} images={project.images} />

      <Layout>
        <div>
          <ProjectDescription project={project} />
          <ProjectFeatures project={project} />
          <ProjectPromotions project={project} />
          <ProjectFacts project={project} />
          <ProjectLocation project={project} />
        </div>

        <Aside>
          <YourUnitCard
            project={project}
            units={units.items}
            unit={unit}
            pricing={pricing}
            priceUF={priceUF}
            selectionError={selection.status === 'failed' && selection.error ? selection.error.message : null}
            onSelect={(id) => setParam('unit', id)}
            onPricingChange={(p) => setParam('pricing', p === 'bonus' ? 'bonus' : null)}
          >
            {reservation?.(context)}
          </YourUnitCard>
          {contact && (
            <Card aria-labelledby="titulo-ayuda">
              <h2 id="titulo-ayuda">¿Necesita ayuda?</h2>
              <Muted>Un asesor lo contacta dentro de 24 horas.</Muted>
              {contact(context)}
            </Card>
          )}
          <Card aria-label="Compartir proyecto">
            <ShareLink url={shareUrl} />
          </Card>
        </Aside>
      </Layout>

      <Card aria-labelledby="unidades">
        <SectionTitle id="unidades" ref={unitsHeading} tabIndex={-1}>
          Unidades
        </SectionTitle>
        <UnitTable
          units={units.projectId === projectId ? units.items : []}
          status={units.status}
          error={units.error}
          filter={units.filter}
          bedroomOptions={project.units.bedrooms}
          bathroomOptions={project.units.bathrooms}
          selectedUnitId={unit?.id ?? null}
          bonusEnabled={bonusEnabled}
          assetType={project.assetType}
          onFilterChange={(filter) => dispatch(unitFiltersChanged({ projectId, filter }))}
          onSelect={(id) => setParam('unit', id)}
          onRetry={() => dispatch(unitFiltersChanged({ projectId, filter: units.filter }))}
        />
      </Card>

      <Card aria-labelledby="titulo-plano">
        <h2 id="titulo-plano">Planos</h2>
        <FloorPlanViewer key={initial ?? 'none'} plans={plans} initialPlanId={initial} />
      </Card>

      {calculator && (
        <Card aria-labelledby="titulo-cotizador">
          <h2 id="titulo-cotizador">Cotizador: simule su dividendo</h2>
          {calculator(context)}
        </Card>
      )}
    </>
  );
}
