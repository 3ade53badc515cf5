import { lazy, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import CompanyDetailPage from '../../features/companies/pages/CompanyDetailPage';
import { CompanyTeamPanel } from '../../features/companies/components/CompanyTeamPanel';
import type { CompanyItem } from '../../../../contract/campaigns';
import { selectHasPermission, type SessionState } from '../../features/session/slice';
import { HistoryTab } from '../../shared/kit/HistoryTab';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { Card, Muted } from '../../shared/ui/layout';
import { useOwnCompany } from './own-company';

const EmployerQuotesPage = lazy(() => import('../../features/employer-portal/pages/EmployerQuotesPage'));
const EmployerReservationsPage = lazy(() => import('../../features/employer-portal/pages/EmployerReservationsPage'));
const RealEstateQuotesPage = lazy(() => import('../../features/real-estate-portal/pages/RealEstateQuotesPage'));
const RealEstateReservationsPage = lazy(() => import('../../features/real-estate-portal/pages/RealEstateReservationsPage'));

/** Back office: the company named in the path, its team, and its Historial for those who read histories. */
export function BackofficeCompanyRoute() {
  const { companyId = '' } = useParams();
  const canReadHistory = useAppSelector((s: { session: SessionState }) => selectHasPermission(s, 'history:read'));
  return (
    <>
      <CompanyDetailPage key={companyId} companyId={companyId} />
      {companyId && <CompanyTeamPanel key={`team-${companyId}`} companyId={companyId} />}
      {canReadHistory && companyId && (
        <Card aria-labelledby="historial-empresa">
          <h2 id="historial-empresa">Historial</h2>
          <HistoryTab key={companyId} entity="company" id={companyId} caption="Historial de la empresa" />
        </Card>
      )}
    </>
  );
}

/** The signed-in company user's own company, or why there is none. */
function OwnCompany({ children }: { readonly children: (company: CompanyItem) => ReactNode }) {
  const own = useOwnCompany();
  if (own.status === 'loading') return <Muted>Cargando...</Muted>;
  if (own.status === 'none') return <Muted>Su cuenta no está asociada a una empresa. Pida a un administrador que la asigne.</Muted>;
  return <>{children(own.company)}</>;
}

/** Company portal, Equipo: the own company's team. */
export function OwnTeamRoute() {
  return (
    <>
      <h1>Equipo</h1>
      <OwnCompany>{(company) => <CompanyTeamPanel companyId={company.id} />}</OwnCompany>
    </>
  );
}

/** Company portal, Configuración: the signed-in company user's own company (the server answers only that one). */
export default function OwnCompanyRoute() {
  return <OwnCompany>{(company) => <CompanyDetailPage companyId={company.id} />}</OwnCompany>;
}

/** Company portal, Cotizaciones: a partner employer's collaborators' quotes, or a real-estate company's projects' quotes. */
export function OwnQuotesRoute() {
  return <OwnCompany>{(company) => (company.kind === 'employer' ? <EmployerQuotesPage /> : <RealEstateQuotesPage />)}</OwnCompany>;
}

/** Company portal, Reservas: as Cotizaciones, by the company's kind (only an employer has a contribution to sum). */
export function OwnReservationsRoute() {
  return <OwnCompany>{(company) => (company.kind === 'employer' ? <EmployerReservationsPage /> : <RealEstateReservationsPage />)}</OwnCompany>;
}
