import { DescriptionList } from '../../../shared/ui/layout';
import type { ProjectDetail } from '../api/catalog-api';
import { ProjectMap } from './ProjectMap';

/** A coordinate as maps write it (dot decimals, 5 places is about a metre). */
const coordinate = (value: number): string => value.toFixed(5);

export const openStreetMapUrl = (latitude: number, longitude: number): string =>
  `https://www.openstreetmap.org/?mlat=${coordinate(latitude)}&mlon=${coordinate(longitude)}#map=17/${coordinate(latitude)}/${coordinate(longitude)}`;

export const openStreetMapDirectionsUrl = (latitude: number, longitude: number): string =>
  `https://www.openstreetmap.org/directions?to=${coordinate(latitude)}%2C${coordinate(longitude)}`;

/**
 * Where the project is: a map (tiles from the configured server), address and coordinates, and links to
 * directions, which are also what is left when the map cannot load.
 */
export function LocationCard({ project }: { project: ProjectDetail }) {
  return (
    <>
      <ProjectMap latitude={project.latitude} longitude={project.longitude} name={project.name} />
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
        <a href={openStreetMapDirectionsUrl(project.latitude, project.longitude)} target="_blank" rel="noopener noreferrer">
          Cómo llegar (OpenStreetMap, se abre en una pestaña nueva)
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
