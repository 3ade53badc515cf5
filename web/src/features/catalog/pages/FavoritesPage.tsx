import { useEffect } from 'react';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Grid, Muted, TextLink } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { FavoriteToggle } from '../components/FavoriteToggle';
import { ProjectCardView } from '../components/ProjectCardView';
import { favoritesRequested, selectFavorites } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const noop = () => undefined;

/** My favourite projects, newest first (buyer area). */
export default function FavoritesPage() {
  useDocumentTitle('Mis favoritos');
  const dispatch = useAppDispatch();
  const favorites = useAppSelector(selectFavorites);
  useEffect(() => {
    dispatch(favoritesRequested());
  }, [dispatch]);
  const items = favorites.items.filter((p) => favorites.ids.includes(p.id));
  return (
    <>
      <h1>Mis favoritos</h1>
      <Muted>Los proyectos que guardó para revisar después.</Muted>
      {favorites.status === 'failed' && favorites.error && <LoadFailed message={favorites.error.message} onRetry={() => dispatch(favoritesRequested())} />}
      {favorites.status === 'loading' && items.length === 0 && (
        <Grid $min="280px" aria-busy="true" aria-label="Cargando favoritos">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} $height="220px" />
          ))}
        </Grid>
      )}
      {favorites.status === 'loaded' && items.length === 0 && (
        <Alert kind="info">
          <p>Aún no tiene proyectos favoritos.</p>
          <p>
            <TextLink to="/projects">Explorar proyectos</TextLink>
          </p>
        </Alert>
      )}
      <Grid $min="280px">
        {items.map((project) => (
          <ProjectCardView
            key={project.id}
            project={project}
            actions={
              <>
                {project.favoritedAt && <Muted as="span">Guardado el {formatDate(project.favoritedAt)}</Muted>}
                <FavoriteToggle projectId={project.id} projectName={project.name} authenticated onSignIn={noop} compact />
              </>
            }
          />
        ))}
      </Grid>
    </>
  );
}
