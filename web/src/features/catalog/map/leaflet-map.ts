import 'leaflet/dist/leaflet.css';
import L from 'leaflet';

/*
 * The Leaflet part of the project map, in its own module: the project page imports it on demand, so
 * Leaflet (and its stylesheet) reach only the people who open a project.
 */

export interface MapPlace {
  readonly latitude: number;
  readonly longitude: number;
  readonly name: string;
}

export interface TileServer {
  readonly tileUrl: string;
  readonly attribution: string;
}

/** How the first tiles went: some arrived (the map is worth showing), or none did (offline, blocked, down). */
export type TilesOutcome = 'loaded' | 'unavailable';

/**
 * Draws the map in `element` centred on the place, with a marker (a vector circle: no marker images to
 * resolve) and the tile server's attribution. `onTiles` is told once, when the first screenful of tiles
 * has settled. Returns what removes the map.
 */
export const mountMap = (element: HTMLElement, place: MapPlace, tiles: TileServer, onTiles: (outcome: TilesOutcome) => void): (() => void) => {
  const center: L.LatLngExpression = [place.latitude, place.longitude];
  // Scroll-wheel zoom off: scrolling the page over the map keeps scrolling the page.
  const map = L.map(element, { center, zoom: 16, scrollWheelZoom: false, attributionControl: true });
  let loaded = 0;
  let told = false;
  const layer = L.tileLayer(tiles.tileUrl, { attribution: tiles.attribution, maxZoom: 19, crossOrigin: false });
  layer.on('tileload', () => {
    loaded += 1;
  });
  // Leaflet fires 'load' once every visible tile has settled, whether it loaded or failed.
  layer.on('load', () => {
    if (told) return;
    told = true;
    onTiles(loaded > 0 ? 'loaded' : 'unavailable');
  });
  layer.addTo(map);
  L.circleMarker(center, { radius: 10, color: '#0b5cad', weight: 3, fillColor: '#0b5cad', fillOpacity: 0.35 }).addTo(map).bindTooltip(place.name);
  return () => {
    map.remove();
  };
};
