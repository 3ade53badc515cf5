import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { BackofficeProject } from '../../../../../contract/catalog-admin';
import { Badge, Muted, Row } from '../../../shared/ui/layout';
import { EnableProjectButton } from './EnableProjectButton';

const Tabs = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)};
    list-style: none;
    margin: 0;
    padding: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    color: ${({ theme }) => theme.colors.link};
    text-decoration: none;
    font-weight: 500;
    border-bottom: 3px solid transparent;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

export interface ProjectHeaderProps {
  readonly project: BackofficeProject;
  /** Where this area's projects live: /backoffice/projects or /company-portal/listings. */
  readonly basePath: string;
  /** The back office also runs the project's pictures and floor plans (their own screens). */
  readonly mediaLinks: boolean;
  readonly onChanged: (message: string) => void;
}

/** A project's name, whether buyers see it (with the switch), and its screens. */
export function ProjectHeader({ project, basePath, mediaLinks, onChanged }: ProjectHeaderProps) {
  const base = `${basePath}/${encodeURIComponent(project.id)}`;
  return (
    <>
      <Row $justify="space-between" $align="center">
        <div>
          <h1>{project.name}</h1>
          <Muted>
            {project.realEstate.name} · {project.communeName}, {project.regionName}{' '}
            {project.enabled ? <Badge $tone="success">Visible para compradores</Badge> : <Badge $tone="warning">Deshabilitado: no visible</Badge>}
          </Muted>
        </div>
        <EnableProjectButton projectId={project.id} name={project.name} enabled={project.enabled} onChanged={onChanged} />
      </Row>
      <Tabs aria-label="Secciones del proyecto">
        <ul>
          <li>
            <NavLink to={base} end>
              Datos del proyecto
            </NavLink>
          </li>
          <li>
            <NavLink to={`${base}/units`}>Unidades ({project.units.length})</NavLink>
          </li>
          {mediaLinks && (
            <li>
              <NavLink to={`${base}/images`}>Imágenes</NavLink>
            </li>
          )}
          {mediaLinks && (
            <li>
              <NavLink to={`${base}/floor-plans`}>Planos</NavLink>
            </li>
          )}
        </ul>
      </Tabs>
    </>
  );
}
