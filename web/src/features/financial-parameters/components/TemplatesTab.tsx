import { useCallback, useEffect, useState } from 'react';
import { saveTemplateBody, type FinancialParameter, type ParameterTemplateItem } from '../../../../../contract/financial-parameters';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDate } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { Card, Muted, Row, Stack } from '../../../shared/ui/layout';
import { applyTemplate, fetchTemplates, saveTemplate } from '../api/parameters-api';
import { formatParameterValue } from './parameter-format';

const EMPTY = { name: '', description: '' };

const TEMPLATE_FIELDS: readonly FieldSpec<typeof EMPTY>[] = [
  { name: 'name', label: 'Nombre de la plantilla', required: true },
  { name: 'description', label: 'Descripción' },
];

/** Templates: the table's values saved under a name, and applied back in one step (each change with its reason). */
export function TemplatesTab({ parameters, onApplied }: { readonly parameters: readonly FinancialParameter[]; readonly onApplied: () => void }) {
  const api = useApi();
  const [items, setItems] = useState<ParameterTemplateItem[] | null>(null);
  const [applying, setApplying] = useState<ParameterTemplateItem | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useContractForm({ schema: saveTemplateBody, defaultValues: EMPTY });
  const { failure, busy } = form;
  const load = useCallback(() => {
    fetchTemplates(api).then(setItems, (error: unknown) => setNotice({ kind: 'error', text: toApiErrorBody(error).message }));
  }, [api]);
  useEffect(load, [load]);
  const byId = new Map(parameters.map((p) => [p.id, p]));

  const save = form.submit(async (_body, { name, description }) => {
    await saveTemplate(api, name, description);
    setNotice({ kind: 'success', text: `Plantilla «${name.trim()}» guardada con los valores de hoy.` });
    form.reset(EMPTY);
    load();
  });
  const apply = async () => {
    if (!applying || !reason.trim()) return;
    const template = applying;
    setApplying(null);
    await applyTemplate(api, template.id, reason.trim()).then(
      (changed) => {
        setNotice({ kind: 'success', text: `Plantilla «${template.name}» aplicada: ${changed} parámetros cambiaron.` });
        onApplied();
      },
      (error: unknown) => setNotice({ kind: 'error', text: toApiErrorBody(error).fieldErrors[0]?.message ?? toApiErrorBody(error).message }),
    );
  };
  const columns: ResourceColumn<ParameterTemplateItem>[] = [
    { header: 'Plantilla', rowHeader: true, cell: (t) => t.name },
    {
      header: 'Valores',
      cell: (t) =>
        Object.entries(t.values)
          .map(([id, value]) => `${byId.get(id)?.name ?? id}: ${formatParameterValue(byId.get(id)?.type ?? 'number', value)}`)
          .join('; '),
    },
    { header: 'Guardada', cell: (t) => formatDate(t.savedAt) },
    {
      header: 'Acción',
      cell: (t) => (
        <Button
          variant="ghost"
          onClick={() => {
            setApplying(t);
            setReason('');
          }}
          aria-label={`Aplicar ${t.name}`}
        >
          Aplicar
        </Button>
      ),
    },
  ];
  return (
    <Stack $gap={4}>
      <Muted>
        Guarde los valores de hoy con un nombre (un convenio, una oferta bancaria) y vuelva a aplicarlos en un paso: cada cambio queda en el historial del
        parámetro.
      </Muted>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <Card aria-labelledby="titulo-nueva-plantilla">
        <h3 id="titulo-nueva-plantilla">Guardar los valores actuales</h3>
        <form onSubmit={save} noValidate aria-label="Nueva plantilla">
          <Row $gap={3} $wrap $align="flex-end">
            {failure && <Alert kind="error">{failure}</Alert>}
            <FormFields form={form} fields={TEMPLATE_FIELDS} />
            <Button type="submit" variant="primary" busy={busy} busyLabel="Guardando...">
              Guardar plantilla
            </Button>
          </Row>
        </form>
      </Card>
      <ResourceTable
        caption="Plantillas"
        columns={columns}
        rows={items ?? []}
        rowKey={(t) => t.id}
        loading={items === null}
        empty={items !== null && items.length === 0}
        emptyMessage="Aún no hay plantillas."
      />
      <ConfirmDialog
        open={applying !== null}
        title={`Aplicar «${applying?.name ?? ''}»`}
        confirmLabel="Aplicar"
        onConfirm={apply}
        onCancel={() => setApplying(null)}
      >
        <p>Los parámetros con otro valor cambiarán ahora; la próxima simulación ya los usa.</p>
        <TextField label="Motivo" name="reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
      </ConfirmDialog>
    </Stack>
  );
}
