import { useState } from 'react';
import type { BackofficeUnitRow } from '../../../../../../contract/catalog-admin';
import { ApiError, toApiErrorBody } from '../../../../shared/api/errors';
import { formatUF } from '../../../../shared/format/format';
import { useApi } from '../../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../../shared/kit/ResourceTable';
import { Button } from '../../../../shared/ui/Button';
import { TextField } from '../../../../shared/ui/fields';
import { Badge, Row } from '../../../../shared/ui/layout';
import { setUnitEnabled, updateUnit } from '../../api/catalog-admin-api';
import { UNIT_COMMERCIAL_LABELS } from '../../labels';
import { checkPriceEdit } from '../../logic/unit-draft';
import { InlineNumber } from './InlineNumber';

type PriceEdit = { id: string; regular: string; discount: string; errors: Record<string, string>; busy: boolean };
const ufText = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

export interface UnitsTableProps {
  readonly units: readonly BackofficeUnitRow[];
  readonly onEdit: (unit: BackofficeUnitRow) => void;
  /** A change was saved (the screen reads the project again). */
  readonly onChanged: (message: string) => void;
  /** A refusal: the server's message, shown above the table. */
  readonly onFailed: (message: string) => void;
}

/** The project's units: prices edited in place, enabled or disabled after confirmation, the rest in the unit form. */
export function UnitsTable({ units, onEdit, onChanged, onFailed }: UnitsTableProps) {
  const api = useApi();
  const [prices, setPrices] = useState<PriceEdit | null>(null);
  const [toggling, setToggling] = useState<BackofficeUnitRow | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const failed = (error: unknown) =>
    onFailed(
      error instanceof ApiError && error.status === 412
        ? 'Otra persona modificó esta unidad: se cargó la versión actual. Revise y vuelva a intentarlo.'
        : toApiErrorBody(error).message,
    );

  const savePrices = async (unit: BackofficeUnitRow) => {
    if (!prices) return;
    const checked = checkPriceEdit(prices.regular, prices.discount);
    if (!checked.ok) return setPrices({ ...prices, errors: checked.errors });
    setPrices({ ...prices, busy: true, errors: {} });
    try {
      await updateUnit(api, unit.id, unit.revision, checked.fields);
      setPrices(null);
      onChanged(`Precios de la unidad ${unit.unitNumber} guardados.`);
    } catch (error) {
      setPrices(null);
      failed(error);
    }
  };
  const toggle = async () => {
    if (!toggling) return;
    setBusy(true);
    try {
      await setUnitEnabled(api, toggling.id, !toggling.enabled, toggling.enabled ? reason.trim() : '');
      onChanged(`Unidad ${toggling.unitNumber} ${toggling.enabled ? 'deshabilitada' : 'habilitada'}.`);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setToggling(null);
    }
  };

  const editingPrices = (u: BackofficeUnitRow) => prices?.id === u.id;
  const columns: ResourceColumn<BackofficeUnitRow>[] = [
    { header: 'Unidad', rowHeader: true, cell: (u) => u.unitNumber },
    {
      header: 'Tipología',
      cell: (u) => <span title={`${u.bedrooms} dormitorios, ${u.bathrooms} baños`}>{[u.typology, u.model].filter(Boolean).join(' · ')}</span>,
    },
    { header: 'Piso', cell: (u) => u.floor },
    {
      header: 'Precio lista',
      cell: (u) =>
        editingPrices(u) ? (
          <InlineNumber
            label={`Precio lista de la unidad ${u.unitNumber} (UF)`}
            value={prices!.regular}
            error={prices!.errors.regularPrice}
            onChange={(regular) => setPrices({ ...prices!, regular })}
          />
        ) : (
          formatUF(u.regularPrice)
        ),
    },
    {
      header: 'Con descuento',
      cell: (u) =>
        editingPrices(u) ? (
          <InlineNumber
            label={`Precio con descuento de la unidad ${u.unitNumber} (UF)`}
            value={prices!.discount}
            error={prices!.errors.discountPrice}
            onChange={(discount) => setPrices({ ...prices!, discount })}
          />
        ) : u.discountPrice === null ? (
          '—'
        ) : (
          formatUF(u.discountPrice)
        ),
    },
    {
      header: 'Estado',
      cell: (u) => (
        <Row $gap={1}>
          <Badge $tone={u.commercialStatus === 'not_reserved' ? 'neutral' : 'info'}>{UNIT_COMMERCIAL_LABELS[u.commercialStatus]}</Badge>
          {!u.enabled && <Badge $tone="warning">Deshabilitada</Badge>}
        </Row>
      ),
    },
    {
      header: 'Acciones',
      cell: (u) =>
        editingPrices(u) ? (
          <Row $gap={1}>
            <Button
              variant="primary"
              busy={prices!.busy}
              busyLabel="Guardando..."
              onClick={() => void savePrices(u)}
              aria-label={`Guardar precios de la unidad ${u.unitNumber}`}
            >
              Guardar
            </Button>
            <Button variant="ghost" onClick={() => setPrices(null)} aria-label={`Cancelar edición de precios de la unidad ${u.unitNumber}`}>
              Cancelar
            </Button>
          </Row>
        ) : (
          <Row $gap={1}>
            <Button
              variant="ghost"
              onClick={() => setPrices({ id: u.id, regular: ufText(u.regularPrice), discount: ufText(u.discountPrice), errors: {}, busy: false })}
              aria-label={`Editar precios de la unidad ${u.unitNumber}`}
            >
              Precios
            </Button>
            <Button variant="ghost" onClick={() => onEdit(u)} aria-label={`Editar la unidad ${u.unitNumber}`}>
              Editar
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setReason('');
                setToggling(u);
              }}
              aria-label={`${u.enabled ? 'Deshabilitar' : 'Habilitar'} la unidad ${u.unitNumber}`}
            >
              {u.enabled ? 'Deshabilitar' : 'Habilitar'}
            </Button>
          </Row>
        ),
    },
  ];

  return (
    <>
      <ResourceTable
        caption="Unidades del proyecto"
        columns={columns}
        rows={units}
        rowKey={(u) => u.id}
        loading={false}
        empty={units.length === 0}
        emptyMessage="Este proyecto aún no tiene unidades."
      />
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.enabled ? '¿Deshabilitar esta unidad?' : '¿Habilitar esta unidad?'}
        confirmLabel={toggling?.enabled ? 'Deshabilitar' : 'Habilitar'}
        danger={toggling?.enabled}
        busy={busy}
        onConfirm={() => void toggle()}
        onCancel={() => setToggling(null)}
      >
        {toggling?.enabled ? (
          <>
            <p>La unidad {toggling.unitNumber} dejará de ofrecerse: los compradores no podrán cotizarla ni reservarla.</p>
            <TextField label="Motivo (opcional)" name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </>
        ) : (
          <p>La unidad {toggling?.unitNumber} volverá a ofrecerse a los compradores.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
