import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CompanyItem } from '../../../../../contract/campaigns';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatRut } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { SelectField } from '../../../shared/ui/fields';
import { Row, Stack, TextLink } from '../../../shared/ui/layout';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { CompanyForm } from '../components/CompanyForm';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { fetchCompanies } from '../api/companies-api';

const KINDS = [
  { value: 'employer', label: 'Empresas en convenio' },
  { value: 'real_estate', label: 'Inmobiliarias' },
];

/** Back office, Empresas: partner employers and real-estate companies; each opens its profile and collaborators. */
export default function CompaniesPage() {
  useDocumentTitle('Empresas');
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') ?? '';
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; items: CompanyItem[] }>({
    status: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    fetchCompanies(api, kind).then(
      (items) => setState({ status: 'loaded', items }),
      (error: unknown) => setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
  }, [api, kind, attempt]);
  const columns: ResourceColumn<CompanyItem>[] = [
    { header: 'Empresa', rowHeader: true, cell: (c) => <TextLink to={`/backoffice/companies/${encodeURIComponent(c.id)}`}>{c.name}</TextLink> },
    { header: 'RUT', cell: (c) => formatRut(c.rut) },
    { header: 'Tipo', cell: (c) => (c.kind === 'employer' ? 'En convenio' : 'Inmobiliaria') },
    { header: 'Contacto', cell: (c) => `${c.contactEmail} · ${c.contactPhone}` },
  ];
  return (
    <Stack $gap={4}>
      <Row $justify="space-between" $align="center">
        <h1>Empresas</h1>
        <Button variant="primary" onClick={() => setCreating(true)}>
          Nueva empresa
        </Button>
      </Row>
      <SelectField
        label="Tipo"
        name="kind"
        value={kind}
        placeholder="Todas"
        options={KINDS}
        onChange={(e) => setParams(e.target.value ? { kind: e.target.value } : {}, { replace: true })}
      />
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => setAttempt((n) => n + 1)} />}
      <ResourceTable
        caption="Empresas"
        columns={columns}
        rows={state.status === 'loaded' ? state.items : []}
        rowKey={(c) => c.id}
        loading={state.status === 'loading'}
        empty={state.status === 'loaded' && state.items.length === 0}
        emptyMessage="Sin empresas."
      />
      <Modal open={creating} title="Nueva empresa" onClose={() => setCreating(false)}>
        {creating && <CompanyForm onCancel={() => setCreating(false)} onDone={(id) => navigate(`/backoffice/companies/${encodeURIComponent(id)}`)} />}
      </Modal>
    </Stack>
  );
}
