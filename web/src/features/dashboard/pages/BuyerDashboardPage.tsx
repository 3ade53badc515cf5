import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Card, Grid, Muted, TextLink } from '../../../shared/ui/layout';

const SECTIONS = [
  { id: 'proyectos', title: 'Proyectos', text: 'Explore proyectos con beneficios para colaboradores de su empresa.', to: '/projects', link: 'Explorar proyectos' },
  { id: 'favoritos', title: 'Favoritos', text: 'Los proyectos que guardó para revisar después.', to: '/dashboard/favorites', link: 'Ver mis favoritos' },
  { id: 'cotizaciones', title: 'Cotizaciones', text: 'Sus cotizaciones en PDF, con filtros por fecha.', to: '/dashboard/quotes', link: 'Ver mis cotizaciones' },
  { id: 'reservas', title: 'Reservas', text: 'El estado de sus reservas y sus pagos.', to: '/dashboard/reservations', link: 'Ver mis reservas' },
  { id: 'documentos', title: 'Documentos', text: 'Cotizaciones y comprobantes de reserva para descargar.', to: '/dashboard/documents', link: 'Ver mis documentos' },
  { id: 'perfil', title: 'Mi perfil', text: 'Sus datos, su empresa y el aporte de su empresa al pie.', to: '/dashboard/profile', link: 'Ver mi perfil' },
] as const;

/** Buyer home: the way into each part of the buyer area, and the legal pages. */
export default function BuyerDashboardPage() {
  useDocumentTitle('Mi panel');
  return (
    <>
      <h1>Mi panel</h1>
      <Muted>Desde aquí puede seguir los proyectos que le interesan, sus cotizaciones, sus reservas y sus documentos.</Muted>
      <Grid>
        {SECTIONS.map((s) => (
          <Card key={s.id} aria-labelledby={`panel-${s.id}`}>
            <h2 id={`panel-${s.id}`}>{s.title}</h2>
            <Muted>{s.text}</Muted>
            <TextLink to={s.to}>{s.link}</TextLink>
          </Card>
        ))}
      </Grid>
      <p>
        <TextLink to="/terms">Términos y condiciones</TextLink> · <TextLink to="/privacy">Política de privacidad</TextLink>
      </p>
    </>
  );
}
