import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatInteger } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Grid, Muted, Row } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { BackToTop, scrollToTop } from '../components/BackToTop';
import { ExploreFilters } from '../components/ExploreFilters';
import { FavoriteToggle } from '../components/FavoriteToggle';
import { ProjectCardView } from '../components/ProjectCardView';
import { EMPTY_EXPLORE_QUERY, exploreQueryKey, exploreQueryToSearch, hasActiveFilters, readExploreQuery, type ExploreQuery } from '../explore-query';
import {
  exploreQueryChanged,
  favoritesRequested,
  filterOptionsRequested,
  moreProjectsRequested,
  selectExplore,
  selectExploreResults,
  selectFilterOptions,
} from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const Title = styled.h1`
  &:focus {
    outline: none;
  }
`;

const Status = styled.p`
  font-weight: 600;
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(8)} 0;
`;

export interface ExplorePageProps {
  readonly authenticated: boolean;
  readonly onSignIn: () => void;
}

/** Explore (spec §2): search, filters and sort mirrored in the URL; "load more" by cursor; back to top. */
export default function ExplorePage({ authenticated, onSignIn }: ExplorePageProps) {
  useDocumentTitle('Proyectos');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readExploreQuery(params), [params]);
  const key = exploreQueryKey(query);
  const explore = useAppSelector(selectExplore);
  const results = useAppSelector(selectExploreResults);
  const options = useAppSelector(selectFilterOptions);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardLinks = useRef<(HTMLAnchorElement | null)[]>([]);
  const focusNewPage = useRef(false);

  useEffect(() => {
    dispatch(filterOptionsRequested());
  }, [dispatch]);

  useEffect(() => {
    if (authenticated) dispatch(favoritesRequested());
  }, [authenticated, dispatch]);

  // Coming back to the same query (from a project) keeps the pages already loaded.
  const latest = useRef({ query, explore });
  latest.current = { query, explore };
  useEffect(() => {
    const { query: current, explore: state } = latest.current;
    if (state.key === key && (state.status === 'loaded' || state.status === 'loading')) return;
    dispatch(exploreQueryChanged(current));
  }, [key, dispatch]);

  // After "load more", focus goes to the first new project so keyboard users continue from there.
  useEffect(() => {
    if (!focusNewPage.current || explore.more.status !== 'idle' || explore.lastPageStart === 0) return;
    focusNewPage.current = false;
    cardLinks.current[explore.lastPageStart]?.focus();
  }, [explore.lastPageStart, explore.more.status]);

  // flushSync: the filters are controlled by the address, so a ticked box shows ticked at once, not after the
  // router's transition (until then React put the box back as it was, and a quick second click was lost).
  const change = (next: ExploreQuery) => setParams(exploreQueryToSearch(next), { flushSync: true });
  const clear = () => setParams(exploreQueryToSearch({ ...EMPTY_EXPLORE_QUERY }), { flushSync: true });
  const retry = () => dispatch(exploreQueryChanged(query));
  const loadMore = () => {
    focusNewPage.current = true;
    dispatch(moreProjectsRequested());
  };

  const current = explore.key === key;
  const loading = !current || explore.status === 'loading';
  const shown = current ? results.length : 0;

  return (
    <>
      <Title ref={headingRef} tabIndex={-1}>
        Explorar proyectos
      </Title>
      <Muted>Busque por nombre, filtre por comuna, tipo, dormitorios, precio, amenidades o estado de obra, y ordene los resultados.</Muted>
      <ExploreFilters query={query} options={options.data} onChange={change} onClear={clear} />

      <section aria-labelledby="titulo-resultados">
        <h2 id="titulo-resultados">Resultados</h2>
        <Status role="status" aria-live="polite">
          {loading
            ? 'Buscando proyectos...'
            : explore.status === 'loaded'
              ? `${formatInteger(explore.total)} ${explore.total === 1 ? 'proyecto encontrado' : 'proyectos encontrados'}`
              : ''}
        </Status>
        {current && explore.status === 'failed' && explore.error && <LoadFailed message={explore.error.message} onRetry={retry} />}
        {current && explore.status === 'loaded' && explore.total === 0 && (
          <Alert kind="info">
            <p>No encontramos proyectos con estos filtros.</p>
            {hasActiveFilters(query) && (
              <p>
                <Button onClick={clear}>Limpiar filtros</Button>
              </p>
            )}
          </Alert>
        )}
        <Grid $min="280px" aria-busy={loading || undefined}>
          {loading &&
            shown === 0 &&
            Array.from({ length: 6 }, (_, i) => (
              <div key={`s-${i}`} aria-hidden="true">
                <Skeleton $height="160px" />
                <br />
                <Skeleton $width="70%" />
                <br />
                <Skeleton $width="40%" />
              </div>
            ))}
          {current &&
            results.map((project, index) => (
              <ProjectCardView
                key={project.id}
                project={project}
                linkRef={(el) => {
                  cardLinks.current[index] = el;
                }}
                actions={<FavoriteToggle projectId={project.id} projectName={project.name} authenticated={authenticated} onSignIn={onSignIn} compact />}
              />
            ))}
        </Grid>
        <Footer>
          {current && explore.status === 'loaded' && explore.total > 0 && (
            <p>
              Mostrando {formatInteger(shown)} de {formatInteger(explore.total)} proyectos
            </p>
          )}
          {explore.more.status === 'failed' && explore.more.error && (
            <Alert kind="error">
              <p>{explore.more.error.message}</p>
            </Alert>
          )}
          <Row $justify="center">
            {current && explore.status === 'loaded' && explore.nextCursor && (
              <Button variant="primary" onClick={loadMore} busy={explore.more.status === 'loading'} busyLabel="Cargando más proyectos...">
                {explore.more.status === 'failed' ? 'Reintentar cargar más' : 'Cargar más proyectos'}
              </Button>
            )}
            <Button onClick={() => scrollToTop(headingRef)}>Volver arriba</Button>
          </Row>
        </Footer>
      </section>
      <BackToTop focusTarget={headingRef} />
    </>
  );
}
