/**
 * A post's media: images as a grid of thumbnails opening a lightbox (full image, previous/next by
 * buttons or arrow keys, Esc closes), videos as players.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import type { Media } from '@atelier/shared';

const Lightbox = lazy(() => import('./MediaLightbox.tsx'));

export function MediaGallery({ media, title }: { media: readonly Media[]; title: string }) {
  const { t } = useTranslation();
  const images = media.filter((m) => m.kind === 'image');
  const videos = media.filter((m) => m.kind === 'video');
  const [open, setOpen] = useState<number | null>(null);
  if (media.length === 0) return null;
  const single = images.length === 1;
  return (
    <Stack spacing={2}>
      {images.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('post.gallery')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: single ? '1fr' : { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
            alignItems: 'start',
          }}
        >
          {images.map((image, index) => (
            <li key={image.id}>
              <ButtonBase
                onClick={() => setOpen(index)}
                aria-label={t('post.openImage', { index: index + 1, count: images.length })}
                sx={{
                  display: 'block',
                  width: '100%',
                  borderRadius: 2,
                  overflow: 'hidden',
                  bgcolor: 'action.hover',
                  '&:focus-visible': { outline: 3, outlineColor: 'primary.main' },
                }}
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
              </ButtonBase>
            </li>
          ))}
        </Box>
      ) : null}
      {videos.map((video) => (
        <Box
          key={video.id}
          component="video"
          controls
          preload="metadata"
          src={video.url}
          aria-label={t('post.video', { title })}
          sx={{ width: '100%', maxHeight: '70vh', borderRadius: 2, bgcolor: 'black' }}
        />
      ))}
      {open !== null ? (
        <Suspense fallback={null}>
          <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
