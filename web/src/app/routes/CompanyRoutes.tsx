import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import CompanyDetailPage from '../../features/companies/pages/CompanyDetailPage';
import { CompanyTeamPanel } from '../../features/companies/components/CompanyTeamPanel';
import { fetchCompanies } from '../../features/companies/api/companies-api';
import { selectHasPermission, type SessionState } from '../../features/session/slice';
import { useApi } from '../../shared/kit/api-context';
import { HistoryTab } from '../../shared/kit/HistoryTab';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { Card, Muted } from '../../shared/ui/layout';

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
function OwnCompany({ children }: { readonly children: (companyId: string) => ReactNode }) {
  const api = useApi();
  const [companyId, setCompanyId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    fetchCompanies(api, '').then(
      (items) => setCompanyId(items[0]?.id ?? null),
      () => setCompanyId(null),
    );
  }, [api]);
  if (companyId === undefined) return <Muted>Cargando...</Muted>;
  if (companyId === null) return <Muted>Su cuenta no está asociada a una empresa. Pida a un administrador que la asigne.</Muted>;
  return <>{children(companyId)}</>;
}

/** Company portal, Equipo: the own company's team. */
export function OwnTeamRoute() {
  return (
    <>
      <h1>Equipo</h1>
      <OwnCompany>{(companyId) => <CompanyTeamPanel companyId={companyId} />}</OwnCompany>
    </>
  );
}

/** Company portal, Configuración: the signed-in company user's own company (the server answers only that one). */
export default function OwnCompanyRoute() {
  return <OwnCompany>{(companyId) => <CompanyDetailPage companyId={companyId} />}</OwnCompany>;
}
