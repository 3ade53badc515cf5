import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { parseDecimal } from '../../../../shared/format/format';
import type { TilesOutcome } from '../../../../shared/map/leaflet-map';
import { loadTileServer } from '../../../../shared/map/map-config';
import { Muted } from '../../../../shared/ui/layout';

const Frame = styled.div<{ $hidden: boolean }>`
  display: ${({ $hidden }) => ($hidden ? 'none' : 'block')};
  height: 280px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  cursor: crosshair;
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

/** Coordinates as the form's fields write them (es-CL: decimal comma). */
const asText = (value: number): string => String(value).replace('.', ',');

export interface LocationPinProps {
  readonly latitude: string;
  readonly longitude: string;
  readonly onPick: (latitude: string, longitude: string) => void;
}

/**
 * The project's pin on a map (Leaflet, loaded on demand, tiles from the configured server): a click sets the
 * latitude and longitude fields, and coordinates typed there move the pin. Without tiles (offline, server down)
 * the map steps aside and the fields remain.
 */
export function LocationPin({ latitude, longitude, onPick }: LocationPinProps) {
  const element = useRef<HTMLDivElement>(null);
  const picker = useRef<{ moveTo(lat: number, lng: number): void; remove(): void } | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [state, setState] = useState<'loading' | 'shown' | 'unavailable'>('loading');
  const lat = parseDecimal(latitude);
  const lng = parseDecimal(longitude);
  const first = useRef(lat !== null && lng !== null ? { latitude: lat, longitude: lng } : null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const [tiles, leaflet] = await Promise.all([loadTileServer(), import('../../../../shared/map/leaflet-map')]);
        if (cancelled || !element.current) return;
        if (!tiles) return setState('unavailable');
        const onTiles = (outcome: TilesOutcome) => !cancelled && setState(outcome === 'loaded' ? 'shown' : 'unavailable');
        picker.current = leaflet.mountPinPicker(element.current, first.current, tiles, (a, b) => pick.current(asText(a), asText(b)), onTiles);
      } catch {
        if (!cancelled) setState('unavailable');
      }
    })();
    return () => {
      cancelled = true;
      picker.current?.remove();
      picker.current = null;
    };
  }, []);

  useEffect(() => {
    if (lat !== null && lng !== null && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180) picker.current?.moveTo(lat, lng);
  }, [lat, lng]);

  return (
    <div>
      <Frame
        ref={element}
        $hidden={state === 'unavailable'}
        role="region"
        aria-label="Mapa para ubicar el proyecto"
        aria-busy={state === 'loading' || undefined}
        data-state={state}
      />
      <Muted>
        {state === 'unavailable'
          ? 'El mapa no está disponible: escriba la latitud y la longitud.'
          : 'Haga clic en el mapa para poner el pin, o escriba la latitud y la longitud.'}
      </Muted>
    </div>
  );
}
