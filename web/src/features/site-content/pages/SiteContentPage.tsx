import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { HOME_SECTIONS, type HomeContent, type HomeSectionName } from '../../../../../contract/content';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
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
  nav ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  nav a {
    display: block;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  nav a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

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
        <nav aria-label="Secciones de la portada">
          <ul>
            {HOME_SECTIONS.map((name) => (
              <li key={name}>
                <Link to={`/backoffice/content/${name}`} aria-current={name === section ? 'page' : undefined}>
                  {SECTION_FORMS[name].label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
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
