import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../shared/kit/api-context';
import { acceptAttribute, fileProblem, FLOOR_PLAN_UPLOAD } from '../../../shared/kit/upload-rules';
import { UploadProgressBar } from '../../../shared/kit/UploadProgressBar';
import { uploadErrorMessage, type UploadProgress } from '../../../shared/kit/useUpload';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxGroup, SelectField } from '../../../shared/ui/fields';
import { Card, Row, Stack } from '../../../shared/ui/layout';
import { Steps } from '../../../shared/ui/Steps';
import { uploadFloorPlan, type ProjectUnit } from '../api/catalog-media-api';
import { assignmentProblem, bulkPlanSteps, planTarget, unitTypes, type PlanAssignment } from '../model/bulk-plans';

type Sending = { state: 'waiting' | 'sending' | 'done' | 'failed'; progress: UploadProgress; message?: string };

/**
 * The bulk floor-plan upload in 3 steps (spec §2): 1 choose the files, 2 assign each to a typology/model
 * and units (every file to at least one unit, spec §5), 3 confirm; then each file goes with its own progress.
 */
export function BulkFloorPlanWizard({
  projectId,
  units,
  onFinished,
}: {
  projectId: string;
  units: readonly ProjectUnit[];
  onFinished: (text: string) => void;
}) {
  const api = useApi();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<{ key: string; file: File }[]>([]);
  const [assignments, setAssignments] = useState<PlanAssignment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<Record<string, Sending> | null>(null);
  const abort = useRef<AbortController | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const stepped = useRef(false);
  useEffect(() => {
    // Focus follows the step the person moved to (not the page's first show).
    if (stepped.current) heading.current?.focus();
    stepped.current = true;
  }, [step]);
  const types = unitTypes(units);

  const choose = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const refused = chosen.map((f) => [f, fileProblem(f, FLOOR_PLAN_UPLOAD)] as const).filter(([, p]) => p);
    const kept = chosen.filter((f) => !fileProblem(f, FLOOR_PLAN_UPLOAD)).map((file, i) => ({ key: `${i}-${file.name}`, file }));
    setProblem(refused.length ? refused.map(([f, p]) => `«${f.name}»: ${p}`).join(' ') : null);
    setFiles(kept);
    setAssignments(kept.map(({ key, file }) => ({ key, fileName: file.name, typology: '', model: '', unitIds: [] })));
  };
  const assign = (key: string, change: Partial<PlanAssignment>) => setAssignments((all) => all.map((a) => (a.key === key ? { ...a, ...change } : a)));
  const next = () => {
    const why = step === 0 ? (files.length ? null : 'Elija al menos un archivo de plano.') : assignmentProblem(assignments);
    setProblem(why);
    if (!why) setStep(step + 1);
  };
  const send = async () => {
    const controller = new AbortController();
    abort.current = controller;
    const initial = Object.fromEntries(
      files.map(({ key, file }) => [key, { state: 'waiting', progress: { name: file.name, sent: 0, total: file.size } } as Sending]),
    );
    setSending(initial);
    let sent = 0;
    for (const { key, file } of files) {
      const assignment = assignments.find((a) => a.key === key)!;
      const update = (s: Partial<Sending>) => setSending((all) => ({ ...all, [key]: { ...all![key], ...s } }));
      update({ state: 'sending' });
      try {
        await uploadFloorPlan(
          api,
          projectId,
          planTarget(assignment, units),
          file,
          (done, total) => update({ progress: { name: file.name, sent: done, total: total || file.size } }),
          controller.signal,
        );
        update({ state: 'done', progress: { name: file.name, sent: file.size, total: file.size } });
        sent += 1;
      } catch (error) {
        update({ state: 'failed', message: uploadErrorMessage(error) });
        if (controller.signal.aborted) break;
      }
    }
    abort.current = null;
    onFinished(`Se subieron ${sent} de ${files.length} planos.`);
  };
  const restart = () => {
    setStep(0);
    setFiles([]);
    setAssignments([]);
    setSending(null);
    setProblem(null);
  };
  const finished = sending && Object.values(sending).every((s) => s.state === 'done' || s.state === 'failed');

  return (
    <Card aria-labelledby="bulk-plans-title">
      <h2 id="bulk-plans-title">Carga masiva de planos</h2>
      <Steps steps={bulkPlanSteps(step)} label="Pasos de la carga masiva de planos" />
      <h3 ref={heading} tabIndex={-1}>
        Paso {step + 1}: {bulkPlanSteps(step)[step].label}
      </h3>
      {problem && <Alert kind="error">{problem}</Alert>}
      {step === 0 && (
        <Stack $gap={2}>
          <label htmlFor="bulk-plan-files">Archivos de planos</label>
          <input
            id="bulk-plan-files"
            type="file"
            multiple
            accept={acceptAttribute(FLOOR_PLAN_UPLOAD)}
            aria-describedby="bulk-plan-files-hint"
            onChange={(e) => choose(e.target.files)}
          />
          <p id="bulk-plan-files-hint">JPG, PNG, GIF, WEBP o PDF de hasta 15 MB cada uno.</p>
          {files.length > 0 && <p>{files.length === 1 ? '1 archivo elegido.' : `${files.length} archivos elegidos.`}</p>}
        </Stack>
      )}
      {step === 1 &&
        assignments.map((a) => (
          <fieldset key={a.key}>
            <legend>{a.fileName}</legend>
            <SelectField
              label={`Tipología y modelo de ${a.fileName}`}
              value={a.typology ? `${a.typology}|${a.model}` : ''}
              placeholder="La de su primera unidad"
              options={types.map((t) => ({ value: `${t.typology}|${t.model}`, label: t.model ? `${t.typology} modelo ${t.model}` : t.typology }))}
              onChange={(e) => {
                const [typology = '', model = ''] = e.target.value.split('|');
                assign(a.key, { typology, model });
              }}
            />
            <CheckboxGroup
              legend={`Unidades de ${a.fileName}`}
              name={`units-${a.key}`}
              options={units.map((u) => ({ value: u.id, label: `Unidad ${u.unitNumber} (${`${u.typology} ${u.model}`.trim()})` }))}
              selected={a.unitIds}
              onChange={(unitIds) => assign(a.key, { unitIds })}
            />
          </fieldset>
        ))}
      {step === 2 && (
        <ul aria-label="Planos por subir">
          {assignments.map((a) => {
            const target = planTarget(a, units);
            const s = sending?.[a.key];
            return (
              <li key={a.key}>
                {a.fileName}: {`${target.typology} ${target.model}`.trim()}, unidades{' '}
                {units
                  .filter((u) => a.unitIds.includes(u.id))
                  .map((u) => u.unitNumber)
                  .join(', ')}
                {s && s.state !== 'waiting' && <UploadProgressBar progress={s.progress} />}
                {s?.state === 'done' && <span> Subido.</span>}
                {s?.state === 'failed' && <Alert kind="error">{s.message}</Alert>}
              </li>
            );
          })}
        </ul>
      )}
      <Row $justify="flex-end">
        {step > 0 && !sending && <Button onClick={() => (setProblem(null), setStep(step - 1))}>Atrás</Button>}
        {step < 2 && (
          <Button variant="primary" onClick={next}>
            Siguiente
          </Button>
        )}
        {step === 2 && !sending && (
          <Button variant="primary" onClick={() => void send()}>
            Subir planos
          </Button>
        )}
        {sending && !finished && (
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            Cancelar carga
          </Button>
        )}
        {finished && <Button onClick={restart}>Nueva carga de planos</Button>}
      </Row>
    </Card>
  );
}
