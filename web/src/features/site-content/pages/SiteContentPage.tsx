import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { HOME_SECTIONS, type HomeContent, type HomeSectionName } from '../../../../../contract/content';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { SectionLinks } from '../../../shared/kit/SectionLinks';
import { formatDateTime } from '../../../shared/format/format';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Card, Muted, Stack } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { toApiErrorBody } from '../../../shared/api/errors';
import { SectionEditor } from '../components/SectionEditor';
import { SECTION_FORMS } from '../components/section-forms';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 200px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  align-items: start;
`;

const SECTION_LINKS = HOME_SECTIONS.map((name) => ({ key: name, label: SECTION_FORMS[name].label, to: `/backoffice/content/${name}` }));

const isSection = (value: string): value is HomeSectionName => (HOME_SECTIONS as readonly string[]).includes(value);

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; content: HomeContent; version: number };

/** Back office, Contenido del sitio: each section of the public home, edited on its own; the section is in the URL. */
export default function SiteContentPage() {
  useDocumentTitle('Contenido del sitio');
  const api = useApi();
  // The section is in the path, so leaving a section with unsaved changes asks first (the kit's guard).
  const { section: param = 'hero' } = useParams();
  const section: HomeSectionName = isSection(param) ? param : 'hero';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    api.request<HomeContent>({ method: 'GET', path: '/content/home' }).then(
      (res) => live && setState({ status: 'loaded', content: res.data, version: Date.now() }),
      (error: unknown) => live && setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);
  const reload = () => setAttempt((n) => n + 1);

  return (
    <Stack $gap={4}>
      <h1>Contenido del sitio</h1>
      <Muted>Lo que la portada pública muestra en cada sección. Cada sección se guarda por separado y queda en el historial con su autor.</Muted>
      <Layout>
        <SectionLinks label="Secciones de la portada" links={SECTION_LINKS} current={section} vertical />
        <Card aria-labelledby="titulo-seccion">
          <h2 id="titulo-seccion">{SECTION_FORMS[section].label}</h2>
          {state.status === 'loading' && <Skeleton $height="200px" aria-hidden="true" />}
          {state.status === 'failed' && <LoadFailed message={state.message} onRetry={reload} />}
          {state.status === 'loaded' && (
            <>
              <Muted>
                {state.content.updatedAt
                  ? `Última modificación de la portada: ${formatDateTime(state.content.updatedAt)}.`
                  : 'La portada muestra su texto inicial.'}
              </Muted>
              <SectionEditor
                key={`${section}-${state.version}`}
                section={section}
                initial={state.content.sections[section] as Record<string, unknown>}
                revision={state.content.revision}
                onReload={reload}
                onSaved={(revision, values) =>
                  setState((s) =>
                    s.status === 'loaded'
                      ? {
                          ...s,
                          content: { ...s.content, revision, sections: { ...s.content.sections, [section]: values }, updatedAt: new Date().toISOString() },
                        }
                      : s,
                  )
                }
              />
            </>
          )}
        </Card>
      </Layout>
    </Stack>
  );
}
