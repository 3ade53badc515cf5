import { hasPermission } from '../../../shared/auth/roles';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Card, Grid, Muted, TextLink } from '../../../shared/ui/layout';

type PanelCard = { id: string; title: string; text: string; to: string; link: string; permission?: string };

const SECTIONS: readonly PanelCard[] = [
  {
    id: 'proyectos',
    title: 'Proyectos',
    text: 'Explore proyectos con beneficios para colaboradores de su empresa.',
    to: '/projects',
    link: 'Explorar proyectos',
  },
  {
    id: 'favoritos',
    title: 'Favoritos',
    text: 'Los proyectos que guardó para revisar después.',
    to: '/dashboard/favorites',
    link: 'Ver mis favoritos',
    permission: 'favorites:manage',
  },
  {
    id: 'cotizaciones',
    title: 'Cotizaciones',
    text: 'Sus cotizaciones en PDF, con filtros por fecha.',
    to: '/dashboard/quotes',
    link: 'Ver mis cotizaciones',
    permission: 'quotes:manage',
  },
  {
    id: 'reservas',
    title: 'Reservas',
    text: 'El estado de sus reservas y sus pagos.',
    to: '/dashboard/reservations',
    link: 'Ver mis reservas',
    permission: 'reservations:create',
  },
  {
    id: 'documentos',
    title: 'Documentos',
    text: 'Cotizaciones y comprobantes de reserva para descargar.',
    to: '/dashboard/documents',
    link: 'Ver mis documentos',
    permission: 'quotes:manage',
  },
  { id: 'perfil', title: 'Mi perfil', text: 'Sus datos, su empresa y el aporte de su empresa al pie.', to: '/dashboard/profile', link: 'Ver mi perfil' },
];

/**
 * Buyer home: the way into each part of the buyer area. A card whose permission the person lacks is left out
 * (an auditor may open it and holds no buyer permission). The legal pages are in the shell's footer.
 */
export default function BuyerDashboardPage({ grants }: { grants: readonly string[] }) {
  useDocumentTitle('Mi panel');
  return (
    <>
      <h1>Mi panel</h1>
      <Muted>Desde aquí puede seguir los proyectos que le interesan, sus cotizaciones, sus reservas y sus documentos.</Muted>
      <Grid>
        {SECTIONS.filter((s) => !s.permission || hasPermission(grants, s.permission)).map((s) => (
          <Card key={s.id} aria-labelledby={`panel-${s.id}`}>
            <h2 id={`panel-${s.id}`}>{s.title}</h2>
            <Muted>{s.text}</Muted>
            <TextLink to={s.to}>{s.link}</TextLink>
          </Card>
        ))}
      </Grid>
    </>
  );
}
