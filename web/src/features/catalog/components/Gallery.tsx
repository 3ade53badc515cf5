import { useState } from 'react';
import styled from 'styled-components';
import type { ProjectImage } from '../api/catalog-api';

const Figure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  img.main {
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 7;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.lg};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    display: block;
  }
  figcaption {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Thumbs = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding: 0;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  button {
    padding: 0;
    border: 2px solid transparent;
    border-radius: ${({ theme }) => theme.radius.md};
    background: none;
    cursor: pointer;
    line-height: 0;
  }
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  img {
    width: 96px;
    height: 60px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

/**
 * The large picture: a phone downloads the 640 px copy, a wide screen the original. Its width and height (read at
 * upload) are given to the browser, which keeps the picture's room before it arrives.
 */
const sourcesOf = (picture: ProjectImage & { url: string }) =>
  picture.cardUrl && picture.cardUrl !== picture.url && picture.width && picture.width > CARD_WIDTH
    ? { srcSet: `${picture.cardUrl} ${CARD_WIDTH}w, ${picture.url} ${picture.width}w`, sizes: '(max-width: 1200px) 100vw, 1200px' }
    : {};
/** The width of the card copy the server makes of every raster picture (adapters/files/sharp-image-processor.ts). */
const CARD_WIDTH = 640;
const sized = (picture: ProjectImage) => (picture.width && picture.height ? { width: picture.width, height: picture.height } : {});

/** Cover first, then the gallery: thumbnails are toggle buttons that show a picture large. */
export function Gallery({ projectName, images }: { projectName: string; images: Readonly<Partial<Record<string, readonly ProjectImage[]>>> }) {
  const pictures = [...(images.cover ?? []), ...(images.gallery ?? []), ...(images.additional ?? [])].filter((i): i is ProjectImage & { url: string } =>
    Boolean(i.url),
  );
  const [index, setIndex] = useState(0);
  const shown = pictures[Math.min(index, pictures.length - 1)];
  if (!shown) return null;
  return (
    <Figure>
      <img className="main" src={shown.url} {...sourcesOf(shown)} {...sized(shown)} fetchPriority="high" alt={`${projectName}: ${shown.name}`} />
      <figcaption>{shown.name}</figcaption>
      {pictures.length > 1 && (
        <Thumbs aria-label="Imágenes del proyecto">
          {pictures.map((picture, i) => (
            <li key={`${picture.id}-${i}`}>
              <button type="button" aria-pressed={i === index} aria-label={`Ver imagen: ${picture.name}`} onClick={() => setIndex(i)}>
                <img src={picture.thumbUrl ?? picture.url} {...sized(picture)} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </Thumbs>
      )}
    </Figure>
  );
}
