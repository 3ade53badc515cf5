import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { Muted, TextLink } from '../../../shared/ui/layout';

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  a {
    color: ${({ theme }) => theme.colors.link};
    font-weight: 600;
    padding: ${({ theme }) => theme.space(1)} 0;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom: 3px solid ${({ theme }) => theme.colors.primary};
  }
`;

/** Title of a project's media screens: the way back to the project and the switch between pictures and plans. */
export function ProjectMediaHeader({
  projectsPath,
  projectId,
  projectName,
  title,
}: {
  projectsPath: string;
  projectId: string;
  projectName: string;
  title: string;
}) {
  const base = `${projectsPath}/${encodeURIComponent(projectId)}`;
  return (
    <header>
      <Muted>
        <TextLink to={base}>Volver al proyecto {projectName}</TextLink>
      </Muted>
      <h1>
        {title}: {projectName}
      </h1>
      <Tabs aria-label="Archivos del proyecto">
        <NavLink to={`${base}/images`}>Imágenes</NavLink>
        <NavLink to={`${base}/floor-plans`}>Planos</NavLink>
      </Tabs>
    </header>
  );
}
