import { lazy, Suspense, useState, type FormEvent } from 'react';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDate, formatDateTime, formatUfValue } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { answerOf } from '../../../shared/api/platform-api';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { Card, Muted, Row, Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useRecordUfMutation, useUfValuesQuery } from '../api/parameters-api';

const UfLineChart = lazy(() => import('../components/UfLineChart'));

type UfRow = {
  date: string;
  value: number;
  source: string;
  recordedBy: string;
  recordedAt: string;
  previousValue?: number;
  correctedBy?: string;
  correctedAt?: string;
};

/** es-CL: "39.485,65" → 39485.65. */
const parseClp = (text: string): number => Number(text.trim().replace(/\./g, '').replace(',', '.'));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Back office, Valor UF: the UF table the simulator converts with (spec §9: the UF rate with its last update),
 * a chart of the last days beside the table of every value, and the form that records a day's value. A day
 * already in the table is corrected, and the correction keeps the value it replaced.
 */
export default function UfValuesPage() {
  useDocumentTitle('Valor UF');
  const values = useUfValuesQuery({ query: { limit: 60 } });
  const [recordUf] = useRecordUfMutation();
  const state = values.currentData
    ? ({ status: 'loaded', items: values.currentData.items } as const)
    : values.isError && !values.isFetching
      ? ({ status: 'failed', message: toApiErrorBody(values.error).message } as const)
      : ({ status: 'loading' } as const);
  const load = () => void values.refetch();
  const [date, setDate] = useState('');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ date?: string; value?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const items = state.status === 'loaded' ? state.items : [];
  const latest = items[0];
  const existing = items.find((row) => row.date === date);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!DATE.test(date)) next.date = 'Ingrese una fecha válida.';
    const amount = parseClp(value);
    if (!Number.isFinite(amount) || amount <= 0) next.value = 'El valor en UF no es válido.';
    setErrors(next);
    if (!next.date && !next.value) setConfirming(true);
  };
  const record = async () => {
    setBusy(true);
    try {
      await answerOf(recordUf({ body: { values: [{ date, value: parseClp(value) }] } }));
      setNotice({ kind: 'success', text: existing ? `Valor del ${formatDate(date)} corregido.` : `Valor del ${formatDate(date)} registrado.` });
      setDate('');
      setValue('');
    } catch (error) {
      const body = toApiErrorBody(error);
      setNotice({ kind: 'error', text: body.fieldErrors[0]?.message ?? body.message });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const columns: ResourceColumn<UfRow>[] = [
    { header: 'Fecha', rowHeader: true, cell: (r) => formatDate(r.date) },
    { header: 'Valor (CLP)', cell: (r) => formatUfValue(r.value) },
    { header: 'Origen', cell: (r) => (r.source === 'admin' ? 'Back office' : r.source) },
    { header: 'Registrado', cell: (r) => formatDateTime(r.recordedAt) },
    {
      header: 'Corrección',
      cell: (r) => (r.previousValue !== undefined ? `Antes ${formatUfValue(r.previousValue)} · ${formatDateTime(r.correctedAt ?? '')}` : '—'),
    },
  ];

  return (
    <Stack $gap={4}>
      <h1>Valor UF</h1>
      <Muted>{latest ? `Último valor: ${formatUfValue(latest.value)} del ${formatDate(latest.date)}.` : 'Aún no hay valores registrados.'}</Muted>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <Card aria-labelledby="titulo-registrar-uf">
        <h2 id="titulo-registrar-uf">Registrar un valor</h2>
        <form onSubmit={review} noValidate aria-label="Registrar valor UF">
          <Row $gap={3} $wrap $align="flex-end">
            <TextField label="Fecha" name="date" type="date" required value={date} error={errors.date} onChange={(e) => setDate(e.target.value)} />
            <TextField
              label="Valor en pesos"
              name="value"
              inputMode="decimal"
              required
              hint="Por ejemplo 39.485,65"
              value={value}
              error={errors.value}
              onChange={(e) => setValue(e.target.value)}
            />
            <Button type="submit" variant="primary">
              {existing ? 'Corregir valor' : 'Registrar valor'}
            </Button>
          </Row>
        </form>
      </Card>
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={load} />}
      {state.status === 'loaded' && items.length > 1 && (
        <Card aria-labelledby="titulo-grafico-uf">
          <h2 id="titulo-grafico-uf">Últimos {items.length} días</h2>
          <Suspense fallback={<Skeleton $height="220px" />}>
            <UfLineChart values={items} />
          </Suspense>
        </Card>
      )}
      <ResourceTable
        caption="Tabla UF"
        columns={columns}
        rows={items}
        rowKey={(r) => r.date}
        loading={state.status === 'loading'}
        empty={state.status === 'loaded' && items.length === 0}
        emptyMessage="Sin valores."
      />
      <ConfirmDialog
        open={confirming}
        title={existing ? 'Corregir el valor UF' : 'Registrar el valor UF'}
        confirmLabel={existing ? 'Corregir' : 'Registrar'}
        busy={busy}
        busyLabel="Guardando..."
        onConfirm={record}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {existing
            ? `El ${formatDate(date)} vale hoy ${formatUfValue(existing.value)}. Quedará en ${formatUfValue(parseClp(value))} y la corrección guardará el valor anterior.`
            : `El ${formatDate(date)} quedará en ${formatUfValue(parseClp(value))}. Las simulaciones de ese día lo usan desde ya.`}
        </p>
      </ConfirmDialog>
    </Stack>
  );
}
