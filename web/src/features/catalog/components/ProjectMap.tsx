import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useNearViewport } from '../../../shared/hooks/useNearViewport';
import type { TilesOutcome } from '../../../shared/map/leaflet-map';
import { loadTileServer } from '../../../shared/map/map-config';

const Frame = styled.div<{ $hidden: boolean }>`
  display: ${({ $hidden }) => ($hidden ? 'none' : 'block')};
  height: 320px;
  margin: ${({ theme }) => theme.space(3)} 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  /* Leaflet's own colours are for a light page: keep its controls readable in the dark theme too. */
  .leaflet-control-attribution {
    background: rgba(255, 255, 255, 0.85);
    color: #1a2230;
  }
  .leaflet-control-attribution a {
    color: #0b5cad;
  }
  .leaflet-bar a {
    color: #1a2230;
  }
`;

type MapState = 'loading' | 'shown' | 'unavailable';

export interface ProjectMapProps {
  readonly latitude: number;
  readonly longitude: number;
  readonly name: string;
}

/**
 * The project on a map (Leaflet, loaded when the visitor scrolls near it, tiles from the configured server). When no tile can be
 * loaded (offline, tile server down or blocked) the map gives way to a notice, and the links beside it
 * (directions, OpenStreetMap) remain the way to find the place.
 */
export function ProjectMap({ latitude, longitude, name }: ProjectMapProps) {
  const [element, near] = useNearViewport<HTMLDivElement>();
  const [state, setState] = useState<MapState>('loading');

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let remove: (() => void) | null = null;
    setState('loading');
    void (async () => {
      try {
        const [tiles, leaflet] = await Promise.all([loadTileServer(), import('../../../shared/map/leaflet-map')]);
        if (cancelled || !element.current) return;
        if (!tiles) {
          setState('unavailable');
          return;
        }
        const onTiles = (outcome: TilesOutcome) => !cancelled && setState(outcome === 'loaded' ? 'shown' : 'unavailable');
        remove = leaflet.mountMap(element.current, { latitude, longitude, name }, tiles, onTiles);
      } catch {
        if (!cancelled) setState('unavailable');
      }
    })();
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [latitude, longitude, name, near, element]);

  return (
    <>
      <Frame
        ref={element}
        $hidden={state === 'unavailable'}
        role="region"
        aria-label={`Mapa de la ubicación de ${name}`}
        // Busy while Leaflet and the tiles load, which starts when the visitor scrolls near the map.
        aria-busy={(near && state === 'loading') || undefined}
      />
      {state === 'unavailable' && <p role="status">El mapa no está disponible en este momento. Use los enlaces para ver la ubicación y cómo llegar.</p>}
    </>
  );
}
