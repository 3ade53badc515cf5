import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatMonth } from '../../../shared/format/format';
import { Badge } from '../../../shared/ui/layout';
import type { ProjectCard } from '../api/catalog-api';
import { bedroomRange, priceFromLabel } from '../labels';

const Article = styled.article`
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  overflow: hidden;
`;

/* The card pictures are 3:2; a 3:2 frame shows them whole, caption included, instead of cropping it. */
const Picture = styled.div`
  aspect-ratio: 3 / 2;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  flex: 1;
  h3 {
    margin: 0;
    font-size: 1.125rem;
  }
  h3 a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  h3 a:hover {
    text-decoration: underline;
  }
  p {
    margin: 0;
  }
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9375rem;
`;

const Price = styled.p`
  font-weight: 700;
  font-size: 1.0625rem;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(2)};
`;

export interface ProjectCardViewProps {
  readonly project: ProjectCard;
  readonly actions?: ReactNode;
  readonly linkRef?: Ref<HTMLAnchorElement>;
}

/** A catalogue card: picture, name (the link), place, badges, price from and availability. */
export function ProjectCardView({ project, actions, linkRef }: ProjectCardViewProps) {
  const rooms = bedroomRange(project.bedrooms, project.assetType);
  return (
    <Article aria-labelledby={`proyecto-${project.id}`}>
      <Picture>{project.imageUrl && <img src={project.imageUrl} alt="" loading="lazy" />}</Picture>
      <Body>
        <h3 id={`proyecto-${project.id}`}>
          <Link to={`/projects/${encodeURIComponent(project.id)}`} ref={linkRef}>
            {project.name}
          </Link>
        </h3>
        <Meta>
          {project.commune.name}, {project.region.name}
        </Meta>
        <Badges>
          <Badge $tone="info">{project.assetTypeLabel}</Badge>
          <Badge>{project.buildStatusLabel}</Badge>
          {project.bonusPricing && <Badge $tone="success">Bono pie</Badge>}
          {project.promotions.length > 0 && <Badge $tone="warning">Promoción</Badge>}
        </Badges>
        <Price>{priceFromLabel(project.priceFromUF)}</Price>
        <Meta>
          {[rooms, `${project.units.available} de ${project.units.total} unidades disponibles`, `Entrega: ${formatMonth(project.deliveryDate)}`]
            .filter(Boolean)
            .join(' · ')}
        </Meta>
        {actions && <Footer>{actions}</Footer>}
      </Body>
    </Article>
  );
}
