import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and stays true from then on): what lies further
 * down a page (a map, a chart) loads its library when the visitor scrolls towards it, not with the page.
 */
export function useNearViewport<T extends Element>(margin = '300px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  // Not near at first, on the server too (a server-rendered page hydrates from the same markup); without an
  // IntersectionObserver to tell, near at once after the first render.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
