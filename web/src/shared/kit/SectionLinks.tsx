import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Nav = styled.nav<{ $vertical: boolean }>`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: ${({ $vertical }) => ($vertical ? 'grid' : 'flex')};
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)};
  }
  a {
    display: block;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

export interface SectionLink {
  readonly key: string;
  readonly label: string;
  readonly to: string;
}

/**
 * A screen's sections as links (each one a URL, so leaving one with unsaved changes asks first): a named
 * nav, the open one marked aria-current="page". In a row above the content, or `vertical` beside it.
 */
export function SectionLinks({
  label,
  links,
  current,
  vertical = false,
}: {
  readonly label: string;
  readonly links: readonly SectionLink[];
  readonly current: string;
  readonly vertical?: boolean;
}) {
  return (
    <Nav aria-label={label} $vertical={vertical}>
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <Link to={link.to} aria-current={link.key === current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </Nav>
  );
}
