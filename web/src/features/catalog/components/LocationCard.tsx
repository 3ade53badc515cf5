import { DescriptionList } from '../../../shared/ui/layout';
import type { ProjectDetail } from '../api/catalog-api';

/** A coordinate as maps write it (dot decimals, 5 places is about a metre). */
const coordinate = (value: number): string => value.toFixed(5);

export const openStreetMapUrl = (latitude: number, longitude: number): string =>
  `https://www.openstreetmap.org/?mlat=${coordinate(latitude)}&mlon=${coordinate(longitude)}#map=17/${coordinate(latitude)}/${coordinate(longitude)}`;

/**
 * Where the project is: address and coordinates, with links to directions. No embedded map: a map
 * script or iframe would load from a third party (and is not reachable offline).
 */
export function LocationCard({ project }: { project: ProjectDetail }) {
  return (
    <>
      <DescriptionList>
        <dt>Dirección</dt>
        <dd>
          {project.address}, {project.communeName}
        </dd>
        <dt>Región</dt>
        <dd>{project.regionName}</dd>
        <dt>Coordenadas</dt>
        <dd>
          {coordinate(project.latitude)}, {coordinate(project.longitude)}
        </dd>
      </DescriptionList>
      <p>
        <a href={project.directionsUrl} target="_blank" rel="noopener noreferrer">
          Cómo llegar (Google Maps, se abre en una pestaña nueva)
        </a>
      </p>
      <p>
        <a href={openStreetMapUrl(project.latitude, project.longitude)} target="_blank" rel="noopener noreferrer">
          Ver en OpenStreetMap (se abre en una pestaña nueva)
        </a>
      </p>
    </>
  );
}
