import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { SectionGroupEntries } from './sections';

const Nav = styled.nav`
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(3)}`};
  .group {
    margin: ${({ theme }) => `${theme.space(4)} 0 ${theme.space(1)}`};
    padding: 0 ${({ theme }) => theme.space(2)};
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: block;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)}`};
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-weight: 500;
    font-size: 0.9375rem;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.infoSurface};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

export interface SectionSidebarProps {
  readonly label: string;
  readonly home: { readonly path: string; readonly label: string };
  readonly groups: readonly SectionGroupEntries[];
}

/**
 * The back office's navigation: a home link, then one titled list per group. NavLink marks the current
 * section with aria-current="page"; each list is named by its group heading for screen readers.
 */
export function SectionSidebar({ label, home, groups }: SectionSidebarProps) {
  const idPrefix = useId();
  return (
    <Nav aria-label={label}>
      <ul>
        <li>
          <NavLink to={home.path} end>
            {home.label}
          </NavLink>
        </li>
      </ul>
      {groups.map(({ group, sections }, i) => (
        <div key={group}>
          <p className="group" id={`${idPrefix}-${i}`}>
            {group}
          </p>
          <ul aria-labelledby={`${idPrefix}-${i}`}>
            {sections.map((s) => (
              <li key={s.path}>
                <NavLink to={s.path}>{s.label}</NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Nav>
  );
}
