import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { homeSectionSchemas, type HomeSectionName } from '../../../../../contract/content';
import { ApiError, fieldErrorMap } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextAreaField, TextField } from '../../../shared/ui/fields';
import { Row, Stack } from '../../../shared/ui/layout';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';
import { SECTION_FORMS, type FieldSpec } from './section-forms';

type Values = Record<string, unknown>;
type Item = Record<string, unknown>;

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(4)};
  margin: 0;
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

function Field({ spec, path, value, error, onChange }: { spec: FieldSpec; path: string; value: unknown; error?: string; onChange: (v: unknown) => void }) {
  const common = { label: spec.label, hint: spec.hint, error, name: path };
  if (spec.kind === 'textarea') return <TextAreaField {...common} rows={3} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
  if (spec.kind === 'select')
    return <SelectField {...common} options={spec.options ?? []} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
  if (spec.kind === 'number')
    return (
      <TextField
        {...common}
        inputMode="numeric"
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value.replace(/\D/g, '')))}
      />
    );
  return <TextField {...common} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
}

export interface SectionEditorProps {
  readonly section: HomeSectionName;
  readonly initial: Values;
  /** The home's revision the editor loaded: saved as If-Match, so nobody overwrites a change unseen. */
  readonly revision: number;
  readonly onSaved: (revision: number, values: Values) => void;
  readonly onReload: () => void;
}

/**
 * One home section's form: checked with the contract's schema as the server checks it, field errors at their
 * fields (from either side), a conditional save (If-Match), and a guard against leaving with unsaved changes.
 */
export function SectionEditor({ section, initial, revision, onSaved, onReload }: SectionEditorProps) {
  const api = useApi();
  const form = SECTION_FORMS[section];
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<'saved' | 'conflict' | { error: string } | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useUnsavedChangesGuard(dirty && !busy);

  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
    setOutcome(null);
  };
  const list = form.list;
  const items = (list ? (values[list.name] as Item[] | undefined) : undefined) ?? [];
  const setItems = (next: Item[]) => list && set(list.name, next);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = homeSectionSchemas[section].safeParse(values);
    if (!checked.success) {
      setErrors(zodFieldMessages(checked.error));
      setOutcome({ error: 'Revise los campos marcados.' });
      return;
    }
    setBusy(true);
    try {
      const res = await api.request<{ revision: number }>({
        method: 'PUT',
        path: `/content/home/${section}`,
        body: checked.data,
        headers: { 'If-Match': `W/"${revision}"` },
      });
      onSaved(res.data.revision, checked.data as Values);
      setOutcome('saved');
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) setOutcome('conflict');
      else if (error instanceof ApiError) {
        setErrors(fieldErrorMap(error.toBody()));
        setOutcome({ error: error.message });
      } else setOutcome({ error: 'No se pudo guardar. Intente nuevamente.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={`Editar ${form.label}`}>
        <Stack $gap={4}>
          {outcome === 'saved' && <Alert kind="success">Cambios guardados: la portada ya los muestra.</Alert>}
          {outcome === 'conflict' && (
            <Alert kind="warning" title="Otra persona modificó el contenido mientras usted editaba">
              Sus cambios no se guardaron. Cargue la última versión y vuelva a aplicarlos.{' '}
              <Button variant="ghost" onClick={onReload}>
                Cargar la última versión
              </Button>
            </Alert>
          )}
          {outcome && typeof outcome === 'object' && <Alert kind="error">{outcome.error}</Alert>}
          {form.fields.map((spec) => (
            <Field key={spec.name} spec={spec} path={spec.name} value={values[spec.name]} error={errors[spec.name]} onChange={(v) => set(spec.name, v)} />
          ))}
          {list && (
            <Fieldset>
              <legend>{list.label}</legend>
              {errors[list.name] && <Alert kind="error">{errors[list.name]}</Alert>}
              <Stack $gap={4}>
                {items.map((item, i) => (
                  <Fieldset key={i}>
                    <legend>
                      {list.itemLabel} {i + 1}
                    </legend>
                    <Stack $gap={3}>
                      {list.fields.map((spec) => {
                        const path = `${list.name}.${i}.${spec.name}`;
                        return (
                          <Field
                            key={spec.name}
                            spec={spec}
                            path={path}
                            value={item[spec.name]}
                            error={errors[path]}
                            onChange={(v) => setItems(items.map((it, j) => (j === i ? { ...it, [spec.name]: v } : it)))}
                          />
                        );
                      })}
                      <Row $gap={2} $wrap>
                        <Button
                          variant="ghost"
                          disabled={i === 0}
                          onClick={() => setItems(items.map((it, j) => (j === i - 1 ? items[i] : j === i ? items[i - 1] : it)))}
                        >
                          Subir {list.itemLabel.toLowerCase()} {i + 1}
                        </Button>
                        <Button
                          variant="ghost"
                          disabled={i === items.length - 1}
                          onClick={() => setItems(items.map((it, j) => (j === i + 1 ? items[i] : j === i ? items[i + 1] : it)))}
                        >
                          Bajar {list.itemLabel.toLowerCase()} {i + 1}
                        </Button>
                        <Button variant="danger" disabled={items.length <= list.min} onClick={() => setItems(items.filter((_, j) => j !== i))}>
                          Quitar {list.itemLabel.toLowerCase()} {i + 1}
                        </Button>
                      </Row>
                    </Stack>
                  </Fieldset>
                ))}
                <Button
                  disabled={items.length >= list.max}
                  onClick={() => setItems([...items, Object.fromEntries(list.fields.map((f) => [f.name, f.options?.[0]?.value ?? '']))])}
                >
                  Agregar {list.itemLabel.toLowerCase()}
                </Button>
              </Stack>
            </Fieldset>
          )}
          <Row $gap={2}>
            <Button type="submit" variant="primary" busy={busy} busyLabel="Guardando..." disabled={!dirty}>
              Guardar {form.label.toLowerCase()}
            </Button>
            <Button
              variant="ghost"
              disabled={!dirty || busy}
              onClick={() => {
                setValues(initial);
                setErrors({});
                setOutcome(null);
              }}
            >
              Descartar cambios
            </Button>
          </Row>
        </Stack>
      </form>
      {guard}
    </>
  );
}
