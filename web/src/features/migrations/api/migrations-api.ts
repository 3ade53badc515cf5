import { adminEndpoints } from '../../../../../contract/endpoints/admin';
import { platformApi, read, write } from '../../../shared/api/platform-api';

/** The read models' progress, and starting a blue-green rebuild (which asks for the progress again). */
export const migrationsApi = platformApi.enhanceEndpoints({ addTagTypes: ['Projections'] }).injectEndpoints({
  endpoints: (build) => ({
    projectionsStatus: read(build, adminEndpoints.getAdminProjectionsStatus, { provides: ['Projections'] }),
    startRebuild: write(build, adminEndpoints.postAdminProjectionsByNameRebuilds, { invalidates: ['Projections'] }),
  }),
});

export const { useProjectionsStatusQuery, useStartRebuildMutation } = migrationsApi;
