import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Card, Grid, Muted, TextLink } from '../../../shared/ui/layout';

/** Buyer home. Favorites, quotes and documents arrive with their APIs. */
export default function BuyerDashboardPage() {
  useDocumentTitle('Mi panel');
  return (
    <>
      <h1>Mi panel</h1>
      <Muted>Desde aquí podrá seguir los proyectos que le interesan, sus cotizaciones y sus documentos.</Muted>
      <Grid>
        <Card aria-labelledby="panel-proyectos">
          <h2 id="panel-proyectos">Proyectos</h2>
          <p>Explore proyectos con beneficios para colaboradores de su empresa.</p>
          <TextLink to="/projects">Explorar proyectos</TextLink>
        </Card>
        <Card aria-labelledby="panel-favoritos">
          <h2 id="panel-favoritos">Favoritos</h2>
          <Muted>Aún no tiene proyectos favoritos.</Muted>
        </Card>
        <Card aria-labelledby="panel-cotizaciones">
          <h2 id="panel-cotizaciones">Cotizaciones</h2>
          <Muted>Aún no tiene cotizaciones.</Muted>
        </Card>
      </Grid>
    </>
  );
}
