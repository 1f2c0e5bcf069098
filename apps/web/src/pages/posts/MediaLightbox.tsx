/**
 * The lightbox of a post's images (MediaGallery): the full image, previous/next by buttons, arrow
 * keys or a swipe, Esc closes. Its own chunk: the dialog's code loads when an image is opened,
 * not with every post.
 */
import { useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import type { Media } from '@atelier/shared';

export default function Lightbox({
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
