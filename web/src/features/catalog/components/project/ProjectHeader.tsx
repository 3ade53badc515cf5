import styled from 'styled-components';
import { Badge, Muted, Row } from '../../../../shared/ui/layout';
import type { ProjectDetail } from '../../api/catalog-api';
import { priceFromLabel } from '../../labels';
import { FavoriteToggle } from '../FavoriteToggle';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h1 {
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
`;

/** The project's name, address, developer, type, build status, "Bono pie", price from, and the favourite toggle. */
export function ProjectHeader({
  project,
  authenticated,
  onSignIn,
}: {
  readonly project: ProjectDetail;
  readonly authenticated: boolean;
  readonly onSignIn: () => void;
}) {
  const bonusEnabled = project.pricing?.bonusEnabled === true;
  return (
    <Header>
      <div>
        <h1>{project.name}</h1>
        <Muted>
          {project.address}, {project.communeName}, {project.regionName} · {project.realEstate.name}
        </Muted>
        <Row $gap={2}>
          <Badge $tone="info">{project.assetTypeLabel}</Badge>
          <Badge>{project.buildStatusLabel}</Badge>
          {bonusEnabled && <Badge $tone="success">Bono pie</Badge>}
          <span>{priceFromLabel(project.units.priceFromUF)}</span>
        </Row>
      </div>
      <FavoriteToggle projectId={project.id} projectName={project.name} authenticated={authenticated} onSignIn={onSignIn} />
    </Header>
  );
}
