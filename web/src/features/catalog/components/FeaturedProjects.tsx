import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Grid, Muted, TextLink } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { featuredRequested, selectFeatured } from '../slice';
import { ProjectCardView } from './ProjectCardView';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

export const FEATURED_ON_HOME = 6;

/** The home page's featured projects, in the back office's order. */
export function FeaturedProjects() {
  const dispatch = useAppDispatch();
  const featured = useAppSelector(selectFeatured);
  const load = () => dispatch(featuredRequested({ limit: FEATURED_ON_HOME }));
  useEffect(() => {
    dispatch(featuredRequested({ limit: FEATURED_ON_HOME }));
  }, [dispatch]);

  return (
    <section aria-labelledby="titulo-destacados">
      <h2 id="titulo-destacados">Proyectos destacados</h2>
      <Muted>Seleccionados por nuestro equipo, con beneficios para colaboradores de empresas en convenio.</Muted>
      {featured.status === 'failed' && featured.error && <LoadFailed message={featured.error.message} onRetry={load} />}
      <Grid $min="280px" aria-busy={featured.status === 'loading' || undefined}>
        {featured.status === 'loading' &&
          featured.items.length === 0 &&
          Array.from({ length: 3 }, (_, i) => (
            <div key={i} aria-hidden="true">
              <Skeleton $height="160px" />
              <br />
              <Skeleton $width="70%" />
            </div>
          ))}
        {featured.items.map((project) => (
          <ProjectCardView key={project.id} project={project} />
        ))}
      </Grid>
      {featured.status === 'loaded' && featured.items.length === 0 && <Muted>Pronto publicaremos nuevos proyectos destacados.</Muted>}
      <p>
        <TextLink to="/projects">Ver todos los proyectos</TextLink>
      </p>
    </section>
  );
}
