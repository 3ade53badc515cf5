import { useEffect, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { FinancialParameter } from '../../../../../contract/financial-parameters';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDate, formatUF, formatCLP, formatPercent } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useEditorModal } from '../../../shared/kit/useEditorModal';
import { ResourceError, tableState, useResource } from '../../../shared/kit/useResource';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Badge, Card, DescriptionList, Muted, Row, Stack } from '../../../shared/ui/layout';
import { Modal } from '../../../shared/ui/Modal';
import { fetchParameters } from '../api/parameters-api';
import { ParameterForm } from '../components/ParameterForm';
import { ParameterHistoryPanel } from '../components/ParameterHistoryPanel';
import { TemplatesTab } from '../components/TemplatesTab';
import { CATEGORY_LABELS, formatParameterValue, TYPE_LABELS } from '../components/parameter-format';

const TABS = [
  { id: 'configuracion', label: 'Configuración' },
  { id: 'calculadora', label: 'Calculadora' },
  { id: 'resumen', label: 'Resumen' },
  { id: 'plantillas', label: 'Plantillas' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  [role='tab'] {
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    border: none;
    border-bottom: 3px solid transparent;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  [role='tab'][aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The simulator's parameters (fixed ids), shown on the calculator tab in the order the simulator uses them. */
const SIMULATOR_IDS = [
  'tasa-interes-anual',
  'plazo-credito-anos',
  'pie-por-defecto',
  'carga-financiera-maxima',
  'seguro-desgravamen-mensual',
  'seguro-incendio-sismo-mensual',
  'gastos-operacionales-uf',
];

type Simulation = {
  monthlyPaymentUF: number;
  monthlyPaymentCLP: number;
  totalMonthlyPaymentUF: number;
  totalMonthlyPaymentCLP: number;
  insurance: { desgravamenUF: number; fireEarthquakeUF: number };
  cae: number;
  minimumIncomeCLP: number;
  ufDate: string;
};

/** What the calculator gives today, with every parameter in force, for the spec's reference loan (3.000 UF). */
function CalculatorTab({ parameters }: { readonly parameters: readonly FinancialParameter[] }) {
  const api = useApi();
  const [simulation, setSimulation] = useState<Simulation | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    api.request<Simulation>({ method: 'POST', path: '/financing/simulate', body: { principalUF: 3000 } }).then(
      (res) => live && setSimulation(res.data),
      (error: unknown) => live && setSimulation({ error: toApiErrorBody(error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, parameters]);
  const used = SIMULATOR_IDS.map((id) => parameters.find((p) => p.id === id)).filter((p): p is FinancialParameter => !!p);
  return (
    <Stack $gap={4}>
      <Muted>
        El simulador y las cotizaciones usan estos parámetros cuando el comprador no indica otro valor. Una cotización conserva los parámetros con que se
        emitió.
      </Muted>
      <DescriptionList>
        {used.map((p) => (
          <div key={p.id}>
            <dt>{p.name}</dt>
            <dd>
              {formatParameterValue(p.type, p.value)} {!p.active && <Badge $tone="warning">Inactivo: se usa el valor de fábrica</Badge>}
            </dd>
          </div>
        ))}
      </DescriptionList>
      <Card aria-labelledby="titulo-referencia">
        <h3 id="titulo-referencia">Simulación de referencia: crédito de UF 3.000</h3>
        {!simulation && <Muted>Calculando...</Muted>}
        {simulation && 'error' in simulation && <Alert kind="error">{simulation.error}</Alert>}
        {simulation && !('error' in simulation) && (
          <DescriptionList>
            <div>
              <dt>Dividendo</dt>
              <dd>
                {formatUF(simulation.monthlyPaymentUF)} ({formatCLP(simulation.monthlyPaymentCLP)})
              </dd>
            </div>
            <div>
              <dt>Seguros (desgravamen + incendio y sismo)</dt>
              <dd>{formatUF(simulation.insurance.desgravamenUF + simulation.insurance.fireEarthquakeUF)}</dd>
            </div>
            <div>
              <dt>Dividendo con seguros</dt>
              <dd>
                {formatUF(simulation.totalMonthlyPaymentUF)} ({formatCLP(simulation.totalMonthlyPaymentCLP)})
              </dd>
            </div>
            <div>
              <dt>Renta mínima</dt>
              <dd>{formatCLP(simulation.minimumIncomeCLP)}</dd>
            </div>
            <div>
              <dt>CAE</dt>
              <dd>{formatPercent(simulation.cae)}</dd>
            </div>
            <div>
              <dt>UF del día</dt>
              <dd>{formatDate(simulation.ufDate)}</dd>
            </div>
          </DescriptionList>
        )}
      </Card>
    </Stack>
  );
}

/** Parameters per category: how many, how many active, the last change. */
function SummaryTab({ parameters }: { readonly parameters: readonly FinancialParameter[] }) {
  const rows = Object.entries(CATEGORY_LABELS).map(([category, label]) => {
    const inCategory = parameters.filter((p) => p.category === category);
    const last =
      inCategory
        .map((p) => p.lastModified)
        .sort()
        .at(-1) ?? null;
    return { category, label, total: inCategory.length, active: inCategory.filter((p) => p.active).length, last };
  });
  const columns: ResourceColumn<(typeof rows)[number]>[] = [
    { header: 'Categoría', rowHeader: true, cell: (r) => r.label },
    { header: 'Parámetros', cell: (r) => r.total },
    { header: 'Activos', cell: (r) => r.active },
    { header: 'Último cambio', cell: (r) => (r.last ? formatDate(r.last) : '—') },
  ];
  return (
    <ResourceTable caption="Parámetros por categoría" columns={columns} rows={rows} rowKey={(r) => r.category} loading={false} empty={false} emptyMessage="" />
  );
}

/** Back office, Parámetros financieros (spec §2: tabs configuration / calculator / summary). */
export default function FinancialParametersPage() {
  useDocumentTitle('Parámetros financieros');
  const [params, setParams] = useSearchParams();
  const tab: TabId = (TABS.find((t) => t.id === params.get('tab'))?.id ?? 'configuracion') as TabId;
  const parameters = useResource('parameters', fetchParameters);
  const load = parameters.reload;
  const editor = useEditorModal<FinancialParameter>({
    reload: load,
    newTitle: 'Nuevo parámetro',
    conflict: 'Otra persona modificó este parámetro mientras usted editaba. Se cargó la versión actual: revise y vuelva a aplicar su cambio.',
  });
  const { notice } = editor;
  const [history, setHistory] = useState<FinancialParameter | null>(null);
  const choose = (id: TabId) => setParams(id === 'configuracion' ? {} : { tab: id }, { replace: true });
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = event.key === 'ArrowRight' ? i + 1 : event.key === 'ArrowLeft' ? i - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length];
    choose(target.id);
    document.getElementById(`tab-${target.id}`)?.focus();
  };
  const items = parameters.data;
  const columns: ResourceColumn<FinancialParameter>[] = [
    { header: 'Nombre', rowHeader: true, cell: (p) => p.name },
    { header: 'Categoría', cell: (p) => CATEGORY_LABELS[p.category] },
    { header: 'Tipo', cell: (p) => TYPE_LABELS[p.type] },
    { header: 'Valor', cell: (p) => formatParameterValue(p.type, p.value) },
    {
      header: 'Rango',
      cell: (p) =>
        p.minValue === null && p.maxValue === null
          ? 'Sin límites'
          : `${formatParameterValue(p.type, p.minValue)} a ${formatParameterValue(p.type, p.maxValue)}`,
    },
    { header: 'Estado', cell: (p) => (p.active ? <Badge $tone="success">Activo</Badge> : <Badge>Inactivo</Badge>) },
    { header: 'Modificado', cell: (p) => `${formatDate(p.lastModified)} · ${p.modifiedByName ?? 'Sistema'}` },
    {
      header: 'Acciones',
      cell: (p) => (
        <Row $gap={1}>
          <Button variant="ghost" onClick={() => editor.edit(p)} aria-label={`Editar ${p.name}`}>
            Editar
          </Button>
          <Button variant="ghost" onClick={() => setHistory(p)} aria-label={`Historial de ${p.name}`}>
            Historial
          </Button>
        </Row>
      ),
    },
  ];

  return (
    <Stack $gap={4}>
      <Row $justify="space-between" $align="center">
        <h1>Parámetros financieros</h1>
        <Button variant="primary" onClick={() => editor.edit('new')}>
          Nuevo parámetro
        </Button>
      </Row>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <TabList role="tablist" aria-label="Vistas de parámetros" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            role="tab"
            type="button"
            aria-selected={t.id === tab}
            aria-controls="panel-parametros"
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => choose(t.id)}
          >
            {t.label}
          </button>
        ))}
      </TabList>
      <div role="tabpanel" id="panel-parametros" aria-labelledby={`tab-${tab}`}>
        <ResourceError resource={parameters} />
        {tab === 'configuracion' && parameters.status !== 'failed' && (
          <ResourceTable
            caption="Parámetros financieros"
            columns={columns}
            rowKey={(p) => p.id}
            {...tableState(parameters)}
            emptyMessage="No hay parámetros."
          />
        )}
        {tab === 'calculadora' && items && <CalculatorTab parameters={items} />}
        {tab === 'resumen' && items && <SummaryTab parameters={items} />}
        {tab === 'plantillas' && items && <TemplatesTab parameters={items} onApplied={load} />}
      </div>
      <Modal {...editor.modal}>{editor.record !== undefined && <ParameterForm parameter={editor.record} {...editor.form} />}</Modal>
      <Modal open={history !== null} title={history ? `Historial de ${history.name}` : ''} onClose={() => setHistory(null)}>
        {history && <ParameterHistoryPanel parameter={history} />}
      </Modal>
    </Stack>
  );
}
