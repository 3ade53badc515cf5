import type { TileServer } from './leaflet-map';

/**
 * The tile server the deployment configured (MAP_TILE_URL, MAP_TILE_ATTRIBUTION), served by the app at
 * /app-config.json; read once per page load, when a map first opens.
 */
let pending: Promise<TileServer | null> | null = null;

const isTileServer = (value: unknown): value is TileServer =>
  typeof value === 'object' && value !== null && typeof (value as TileServer).tileUrl === 'string' && typeof (value as TileServer).attribution === 'string';

export const loadTileServer = (fetchJson: (url: string) => Promise<unknown> = defaultFetchJson): Promise<TileServer | null> => {
  pending ??= fetchJson('/app-config.json')
    .then((config) => {
      const map = (config as { map?: unknown } | null)?.map;
      return isTileServer(map) ? map : null;
    })
    .catch(() => {
      pending = null; // a later map may try again
      return null;
    });
  return pending;
};

const defaultFetchJson = async (url: string): Promise<unknown> => {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
};
