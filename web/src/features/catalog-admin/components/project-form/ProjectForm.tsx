import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { CompanyItem } from '../../../../../../contract/campaigns';
import type { BackofficeProject } from '../../../../../../contract/catalog-admin';
import { useApi } from '../../../../shared/kit/api-context';
import { FormActions } from '../../../../shared/kit/FormActions';
import { useServerSubmit } from '../../../../shared/kit/useServerSubmit';
import { useUnsavedChangesGuard } from '../../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../../shared/ui/Alert';
import { Button } from '../../../../shared/ui/Button';
import { Stack } from '../../../../shared/ui/layout';
import { createProject, updateProject, type Region } from '../../api/catalog-admin-api';
import { changedFields, checkProjectDraft, draftErrors, draftField, draftFromProject, emptyProjectDraft, type ProjectDraft } from '../../logic/project-draft';
import { ContactsSection } from './ContactsSection';
import { FeaturesSection } from './FeaturesSection';
import { GeneralSection } from './GeneralSection';
import { LocationSection } from './LocationSection';
import { PricingSection } from './PricingSection';

export interface ProjectFormProps {
  /** null: a new project. */
  readonly project: BackofficeProject | null;
  readonly realEstates: readonly CompanyItem[];
  readonly regions: readonly Region[];
  readonly today: string;
  readonly onCreated: (id: string) => void;
  readonly onSaved: (message: string) => void;
  /** Reads the project again (after someone else changed it). */
  readonly onReload: () => void;
  readonly onCancel: () => void;
}

const focusFirstInvalid = (form: HTMLFormElement | null) => requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/**
 * Every editable field of a project (contract projectFields) in the spec's sections. Checked by the contract's
 * schema before sending; a change sends only what changed, with If-Match; a 412 says someone else changed it.
 */
export function ProjectForm({ project, realEstates, regions, today, onCreated, onSaved, onReload, onCancel }: ProjectFormProps) {
  const api = useApi();
  const form = useRef<HTMLFormElement | null>(null);
  const initial = useMemo(
    () => (project ? draftFromProject(project) : emptyProjectDraft(today, realEstates.length === 1 ? realEstates[0].id : '')),
    [project, today, realEstates],
  );
  const [baseline, setBaseline] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const submit = useServerSubmit(() => setConflict(true));
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  const guard = useUnsavedChangesGuard(dirty);

  /*
   * A new copy of the project (after a save, enabling it, or "Recargar") replaces the form's content unless
   * the person is editing: enabling the project must not throw their unsaved changes away. "Recargar" asks
   * for the replacement explicitly.
   */
  const replace = useRef(false);
  const editing = useRef(dirty);
  editing.current = dirty;
  useEffect(() => {
    if (!project || (editing.current && !replace.current)) return;
    replace.current = false;
    const next = draftFromProject(project);
    setBaseline(next);
    setDraft(next);
    setConflict(false);
  }, [project]);
  const reload = () => {
    replace.current = true;
    onReload();
  };

  // Leaves for the new project once the form is clean (the guard has let go of it).
  useEffect(() => {
    if (created && !dirty) onCreated(created);
  }, [created, dirty, onCreated]);

  const errors = { ...draftErrors(submit.errors), ...clientErrors };
  const set = <K extends keyof ProjectDraft>(key: K, value: ProjectDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setClientErrors(({ [key]: _gone, ...rest }) => rest);
    submit.setErrors((server) => Object.fromEntries(Object.entries(server).filter(([path]) => draftField(path) !== key)));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProjectDraft(draft);
    if (!checked.ok) {
      setClientErrors(checked.errors);
      focusFirstInvalid(form.current);
      return;
    }
    setClientErrors({});
    await submit.run(async () => {
      if (!project) {
        const id = await createProject(api, checked.fields);
        setBaseline(draft);
        setCreated(id);
        return;
      }
      const before = checkProjectDraft(baseline);
      const changes = before.ok ? changedFields(before.fields, checked.fields) : checked.fields;
      if (Object.keys(changes).length === 0) return onSaved('No hay cambios que guardar.');
      await updateProject(api, project.id, project.revision, changes);
      setBaseline(draft);
      onSaved('Proyecto guardado.');
    });
    focusFirstInvalid(form.current);
  };

  const sectionProps = { draft, errors, set };
  return (
    <>
      <form ref={form} onSubmit={save} noValidate aria-label={project ? `Datos del proyecto ${project.name}` : 'Nuevo proyecto'}>
        <Stack $gap={2}>
          {conflict && (
            <Alert kind="warning" title="Otra persona modificó este proyecto mientras usted lo editaba.">
              <p>Recargue para ver la versión actual; los cambios que no guardó se perderán.</p>
              <Button onClick={reload}>Recargar proyecto</Button>
            </Alert>
          )}
          {submit.failure && <Alert kind="error">{submit.failure}</Alert>}
          <GeneralSection {...sectionProps} realEstates={realEstates} />
          <LocationSection {...sectionProps} regions={regions} />
          <PricingSection {...sectionProps} />
          <FeaturesSection {...sectionProps} />
          <ContactsSection {...sectionProps} />
          <FormActions submitLabel={project ? 'Guardar cambios' : 'Crear proyecto'} busy={submit.busy} onCancel={onCancel} />
        </Stack>
      </form>
      {guard}
    </>
  );
}
