import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import CompanyDetailPage from '../../features/companies/pages/CompanyDetailPage';
import { fetchCompanies } from '../../features/companies/api/companies-api';
import { useApi } from '../../shared/kit/api-context';
import { Muted } from '../../shared/ui/layout';

/** Back office: the company named in the path. */
export function BackofficeCompanyRoute() {
  const { companyId = '' } = useParams();
  return <CompanyDetailPage key={companyId} companyId={companyId} />;
}

/** Company portal, Configuración: the signed-in company user's own company (the server answers only that one). */
export default function OwnCompanyRoute() {
  const api = useApi();
  const [companyId, setCompanyId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    fetchCompanies(api, '').then((items) => setCompanyId(items[0]?.id ?? null), () => setCompanyId(null));
  }, [api]);
  if (companyId === undefined) return <Muted>Cargando...</Muted>;
  if (companyId === null) return <Muted>Su cuenta no está asociada a una empresa. Pida a un administrador que la asigne.</Muted>;
  return <CompanyDetailPage companyId={companyId} />;
}
