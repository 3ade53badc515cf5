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

/**
 * The project form's pin: the map centred on the coordinates typed (or Santiago), a click puts the pin there
 * and reports its coordinates; `moveTo` follows coordinates typed afterwards. The typed fields stay the
 * keyboard's way to set the place.
 */
export const mountPinPicker = (
  element: HTMLElement,
  place: { latitude: number; longitude: number } | null,
  tiles: TileServer,
  onPick: (latitude: number, longitude: number) => void,
  onTiles: (outcome: TilesOutcome) => void,
): { moveTo(latitude: number, longitude: number): void; remove(): void } => {
  const start: L.LatLngExpression = place ? [place.latitude, place.longitude] : [-33.4489, -70.6693];
  const map = L.map(element, { center: start, zoom: place ? 16 : 11, scrollWheelZoom: false });
  let loaded = 0;
  let told = false;
  const layer = L.tileLayer(tiles.tileUrl, { attribution: tiles.attribution, maxZoom: 19, crossOrigin: false });
  layer.on('tileload', () => (loaded += 1));
  layer.on('load', () => {
    if (told) return;
    told = true;
    onTiles(loaded > 0 ? 'loaded' : 'unavailable');
  });
  layer.addTo(map);
  const pin = L.circleMarker(start, { radius: 10, color: '#0b5cad', weight: 3, fillColor: '#0b5cad', fillOpacity: place ? 0.35 : 0 }).addTo(map);
  map.on('click', (event: L.LeafletMouseEvent) => {
    pin.setLatLng(event.latlng).setStyle({ fillOpacity: 0.35 });
    onPick(Math.round(event.latlng.lat * 1e6) / 1e6, Math.round(event.latlng.lng * 1e6) / 1e6);
  });
  return {
    moveTo(latitude, longitude) {
      pin.setLatLng([latitude, longitude]).setStyle({ fillOpacity: 0.35 });
      map.panTo([latitude, longitude]);
    },
    remove: () => map.remove(),
  };
};
