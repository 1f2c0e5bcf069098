/**
 * A post's media: images as a grid of thumbnails opening a lightbox (full image, previous/next by
 * buttons or arrow keys, Esc closes), videos as players. Plain elements with the look of the MUI
 * Stack, Box and ButtonBase they were (MediaGallery.module.css); the lightbox loads on first use.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { Media } from '@atelier/shared';
import css from './MediaGallery.module.css';

const Lightbox = lazy(() => import('./MediaLightbox.tsx'));

export function MediaGallery({ media, title }: { media: readonly Media[]; title: string }) {
  const { t } = useTranslation();
  const images = media.filter((m) => m.kind === 'image');
  const videos = media.filter((m) => m.kind === 'video');
  const [open, setOpen] = useState<number | null>(null);
  if (media.length === 0) return null;
  const single = images.length === 1;
  return (
    <div className={css.media}>
      {images.length > 0 ? (
        <ul
          className={single ? `${css.grid} ${css.single}` : css.grid}
          aria-label={t('post.gallery')}
        >
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className={css.thumb}
                onClick={() => setOpen(index)}
                aria-label={t('post.openImage', { index: index + 1, count: images.length })}
              >
                <img
                  src={single ? image.url : (image.thumbnailUrl ?? image.url)}
                  alt=""
                  loading="lazy"
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  style={
                    single
                      ? {
                          display: 'block',
                          width: '100%',
                          height: 'auto',
                          maxHeight: '70vh',
                          objectFit: 'contain',
                        }
                      : {
                          // Each image keeps its own shape (never cropped to a square).
                          display: 'block',
                          width: '100%',
                          aspectRatio:
                            image.width && image.height
                              ? `${image.width} / ${image.height}`
                              : 'auto',
                          objectFit: 'contain',
                          height: 'auto',
                        }
                  }
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {videos.map((video) => (
        // Members upload videos without captions: the player is named after the post.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          key={video.id}
          className={css.video}
          controls
          preload="metadata"
          src={video.url}
          aria-label={t('post.video', { title })}
        />
      ))}
      {open !== null ? (
        <Suspense fallback={null}>
          <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
