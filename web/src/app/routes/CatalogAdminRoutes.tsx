import FeaturedProjectsPage from '../../features/catalog-admin/pages/FeaturedProjectsPage';
import ProjectEditPage, { NewProjectPage } from '../../features/catalog-admin/pages/ProjectEditPage';
import ProjectsListPage from '../../features/catalog-admin/pages/ProjectsListPage';
import ProjectUnitsPage from '../../features/catalog-admin/pages/ProjectUnitsPage';

/*
 * The catalogue's screens in two areas: the back office runs every project (with each one's pictures and floor
 * plans); the real-estate portal's "Publicaciones" is the same screens, the server answering only the
 * company user's own company's projects.
 */
const BACKOFFICE = '/backoffice/projects';
const PORTAL = '/company-portal/listings';

export const BackofficeProjectsRoute = () => <ProjectsListPage basePath={BACKOFFICE} title="Proyectos" staff />;
export const BackofficeNewProjectRoute = () => <NewProjectPage basePath={BACKOFFICE} />;
export const BackofficeProjectRoute = () => <ProjectEditPage basePath={BACKOFFICE} mediaLinks />;
export const BackofficeProjectUnitsRoute = () => <ProjectUnitsPage basePath={BACKOFFICE} mediaLinks />;
export const FeaturedRoute = () => <FeaturedProjectsPage />;

export const ListingsRoute = () => <ProjectsListPage basePath={PORTAL} title="Publicaciones" staff={false} />;
export const NewListingRoute = () => <NewProjectPage basePath={PORTAL} />;
export const ListingRoute = () => <ProjectEditPage basePath={PORTAL} mediaLinks />;
export const ListingUnitsRoute = () => <ProjectUnitsPage basePath={PORTAL} mediaLinks />;
