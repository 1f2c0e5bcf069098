/**
 * A post's media: images as a grid of thumbnails opening a lightbox (full image, previous/next by
 * buttons or arrow keys, Esc closes), videos as players.
 */
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import type { Media } from '@atelier/shared';

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
        <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </Stack>
  );
}

function Lightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: Media[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Phones: a horizontal swipe goes to the previous or next image.
  const touchX = useRef<number | null>(null);
  const image = images[index];
  if (!image) return null;
  const many = images.length > 1;
  const go = (delta: number) => onIndex((index + delta + images.length) % images.length);
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen
      aria-label={t('post.imageOf', { index: index + 1, count: images.length })}
      onKeyDown={(event) => {
        if (!many) return;
        if (event.key === 'ArrowLeft') go(-1);
        if (event.key === 'ArrowRight') go(1);
      }}
      slotProps={{ paper: { sx: { bgcolor: '#000', backgroundImage: 'none', borderRadius: 0 } } }}
    >
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          height: '100%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (!many || start === null || end === undefined || Math.abs(end - start) < 50) return;
          go(end < start ? 1 : -1);
        }}
      >
        <img
          src={image.url}
          alt={t('post.imageOf', { index: index + 1, count: images.length })}
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
        <IconButton
          onClick={onClose}
          aria-label={t('post.closeImage')}
          sx={{ position: 'absolute', top: 8, right: 8, color: '#fff', bgcolor: 'rgba(0,0,0,0.5)' }}
        >
          <CloseIcon />
        </IconButton>
        {many ? (
          <>
            <IconButton
              onClick={() => go(-1)}
              aria-label={t('post.previousImage')}
              sx={{ position: 'absolute', left: 8, color: '#fff', bgcolor: 'rgba(0,0,0,0.5)' }}
            >
              <ChevronLeftIcon fontSize="large" />
            </IconButton>
            <IconButton
              onClick={() => go(1)}
              aria-label={t('post.nextImage')}
              sx={{ position: 'absolute', right: 8, color: '#fff', bgcolor: 'rgba(0,0,0,0.5)' }}
            >
              <ChevronRightIcon fontSize="large" />
            </IconButton>
            <Typography
              sx={{
                position: 'absolute',
                bottom: 12,
                color: '#fff',
                bgcolor: 'rgba(0,0,0,0.5)',
                px: 1.5,
                borderRadius: 1,
              }}
              aria-live="polite"
            >
              {t('post.imageCounter', { index: index + 1, count: images.length })}
            </Typography>
          </>
        ) : null}
      </Box>
    </Dialog>
  );
}
