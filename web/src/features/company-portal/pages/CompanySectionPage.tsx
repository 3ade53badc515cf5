import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Card, Muted } from '../../../shared/ui/layout';

export type CompanySection = 'dashboard' | 'listings' | 'analytics' | 'team' | 'settings';

export const COMPANY_SECTIONS: Readonly<Record<CompanySection, { title: string; description: string }>> = {
  dashboard: { title: 'Panel de la empresa', description: 'Resumen de sus publicaciones, consultas y colaboradores.' },
  listings: { title: 'Publicaciones', description: 'Proyectos y unidades que su empresa publica en la plataforma.' },
  analytics: { title: 'Analítica', description: 'Visitas, cotizaciones y reservas de sus proyectos.' },
  team: { title: 'Equipo', description: 'Personas de su empresa con acceso a este portal.' },
  settings: { title: 'Configuración', description: 'Datos de la empresa y preferencias del portal.' },
};

/** Company portal sections; their content arrives with the company APIs. */
export default function CompanySectionPage({ section }: { section: CompanySection }) {
  const { title, description } = COMPANY_SECTIONS[section];
  useDocumentTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <Muted>{description}</Muted>
      <Card>
        <p>Esta sección estará disponible pronto.</p>
      </Card>
    </>
  );
}
