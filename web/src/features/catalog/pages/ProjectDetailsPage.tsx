import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatCLP, formatMonth, formatPercent, formatPhone, formatRut, formatUF } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Badge, Card, DescriptionList, Muted, Row, TextLink } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { ProjectDetail, UnitRow } from '../api/catalog-api';
import { FavoriteToggle } from '../components/FavoriteToggle';
import { FloorPlanViewer, type PlanOption } from '../components/FloorPlanViewer';
import { Gallery } from '../components/Gallery';
import { LocationCard } from '../components/LocationCard';
import { ShareLink } from '../components/ShareLink';
import { UnitTable } from '../components/UnitTable';
import { BoldText } from '../../../shared/ui/BoldText';
import { PricingOptions, UnitFacts, UnitSelector } from '../components/UnitSummary';
import { priceFromLabel, unitPriceUF, type Pricing } from '../labels';
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

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h1 {
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
`;

const Tags = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding: 0;
  margin: 0;
  li {
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-size: 0.9375rem;
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

const plansOf = (project: ProjectDetail, unit: UnitRow | null): { plans: PlanOption[]; initial: string | null } => {
  const plans: PlanOption[] = project.floorPlans
    .filter((p): p is typeof p & { url: string } => Boolean(p.url))
    .map((p) => ({ id: p.id, name: p.name, url: p.url }));
  const unitPlan = unit?.floorPlan;
  if (unit && unitPlan?.url && unitPlan.customized) {
    const id = `unit-${unit.id}`;
    return { plans: [{ id, name: `${unitPlan.name} (unidad ${unit.unitNumber})`, url: unitPlan.url }, ...plans], initial: id };
  }
  const primary = project.floorPlans.find((p) => p.primary)?.id ?? null;
  return { plans, initial: unitPlan?.planId ?? primary };
};

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
    const missing = projectState.error.code === 'NOT_FOUND';
    return (
      <>
        <h1>{missing ? 'Proyecto no encontrado' : 'No pudimos cargar el proyecto'}</h1>
        <Alert kind="error">
          <p>{missing ? 'El proyecto que busca no existe o ya no está publicado.' : projectState.error.message}</p>
          {!missing && (
            <p>
              <Button onClick={() => dispatch(projectOpened({ projectId }))}>Reintentar</Button>
            </p>
          )}
        </Alert>
        <TextLink to="/projects">Ver todos los proyectos</TextLink>
      </>
    );
  }

  if (!project || !context) {
    return (
      <div aria-busy="true" aria-label="Cargando proyecto">
        <Skeleton $height="2.5rem" $width="50%" />
        <br />
        <Skeleton $height="280px" />
        <br />
        <Skeleton />
        <br />
        <Skeleton $width="80%" />
      </div>
    );
  }

  const shareUrl = `${window.location.origin}/projects/${encodeURIComponent(project.id)}${unit ? `?unit=${encodeURIComponent(unit.id)}` : ''}`;
  const { plans, initial } = plansOf(project, unit);

  return (
    <>
      <p>
        <TextLink to="/projects">← Volver a proyectos</TextLink>
      </p>
      <Header>
        <div>
          <h1>{project.name}</h1>
          <Muted>
            {project.address}, {project.communeName}, {project.regionName} · {project.realEstate.name}
          </Muted>
          <Row $gap={2}>
            <Badge $tone="info">{project.assetTypeLabel}</Badge>
            <Badge>{project.buildStatusLabel}</Badge>
            {bonusEnabled && <Badge $tone="success">Bono pie</Badge>}
            <span>{priceFromLabel(project.units.priceFromUF)}</span>
          </Row>
        </div>
        <FavoriteToggle projectId={project.id} projectName={project.name} authenticated={authenticated} onSignIn={onSignIn} />
      </Header>
      <Gallery projectName={project.name} images={project.images} />

      <Layout>
        <div>
          <Card aria-labelledby="titulo-descripcion">
            <h2 id="titulo-descripcion">Descripción</h2>
            <p>
              <BoldText value={project.description} />
            </p>
            {project.addedValue && (
              <p>
                <strong>Plusvalía:</strong> {project.addedValue}
                {project.capitalGain > 0 ? ` Estimación anual: ${formatPercent(project.capitalGain, 1)}.` : ''}
              </p>
            )}
          </Card>

          <Card aria-labelledby="titulo-caracteristicas">
            <h2 id="titulo-caracteristicas">Características</h2>
            {project.relevantFeatures.length > 0 && (
              <>
                <h3>Lo más destacado</h3>
                <ul>
                  {project.relevantFeatures.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              </>
            )}
            {project.features.length > 0 && (
              <>
                <h3>Amenidades</h3>
                <Tags>
                  {project.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </Tags>
              </>
            )}
          </Card>

          {project.promotions.length > 0 && (
            <Card aria-labelledby="titulo-promociones">
              <h2 id="titulo-promociones">Promociones</h2>
              <ul>
                {project.promotions.map((p) => (
                  <li key={p.promotionId}>
                    <strong>{p.title}</strong> ({formatMonth(p.month)})
                    {p.discountPercent !== null && <Badge $tone="warning"> {formatPercent(p.discountPercent, 0)} de descuento</Badge>}
                    <br />
                    {p.description}
                  </li>
                ))}
              </ul>
            </Card>
          )}

          <Card aria-labelledby="titulo-ficha">
            <h2 id="titulo-ficha">Ficha del proyecto</h2>
            <DescriptionList>
              <dt>Inmobiliaria</dt>
              <dd>
                {project.realEstate.name} (RUT {formatRut(project.realEstate.rut)})
              </dd>
              <dt>Entrega</dt>
              <dd>{formatMonth(project.deliveryDate)}</dd>
              <dt>Estado de la obra</dt>
              <dd>{project.buildStatusLabel}</dd>
              <dt>Unidades disponibles</dt>
              <dd>
                {project.units.available} de {project.units.total}
              </dd>
              <dt>Precios</dt>
              <dd>
                {project.units.priceFromUF === null || project.units.priceToUF === null
                  ? 'Sin unidades disponibles'
                  : `${formatUF(project.units.priceFromUF)} a ${formatUF(project.units.priceToUF)}`}
              </dd>
              <dt>Reserva</dt>
              <dd>
                {formatCLP(project.reservationPrice)}
                {project.reservationToDownPayment ? ', abonable al pie' : ''}; reembolsable si la unidad no se confirma.
              </dd>
              <dt>Contacto</dt>
              <dd>
                <a href={`mailto:${project.contactEmail}`}>{project.contactEmail}</a> ·{' '}
                <a href={`tel:${project.contactPhone}`}>{formatPhone(project.contactPhone)}</a>
              </dd>
            </DescriptionList>
          </Card>

          <Card aria-labelledby="titulo-ubicacion">
            <h2 id="titulo-ubicacion">Ubicación</h2>
            <LocationCard project={project} />
          </Card>
        </div>

        <Aside>
          <Card aria-labelledby="titulo-su-unidad">
            <h2 id="titulo-su-unidad">Su unidad</h2>
            <UnitSelector units={units.items} selected={unit} pricing={pricing} onSelect={(id) => setParam('unit', id)} />
            {bonusEnabled && (
              <PricingOptions
                unit={unit}
                pricing={pricing}
                description={project.pricing?.bonusDescription ?? ''}
                onChange={(p) => setParam('pricing', p === 'bonus' ? 'bonus' : null)}
              />
            )}
            {unit && priceUF !== null ? (
              <UnitFacts unit={unit} priceUF={priceUF} assetType={project.assetType} />
            ) : (
              <Muted>Elija una unidad en el selector o en la tabla de unidades para ver su precio, simular su dividendo y reservarla.</Muted>
            )}
            {selection.status === 'failed' && selection.error && (
              <Alert kind="error">
                <p>{selection.error.message}</p>
              </Alert>
            )}
            {reservation?.(context)}
          </Card>
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
