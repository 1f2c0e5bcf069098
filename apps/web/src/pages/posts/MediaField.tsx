/**
 * The editor's media: pick up to `max` images or videos; each file is checked in the browser
 * (shared `checkUpload`: 25 MB, videos 100 MB) and then uploaded one at a time to POST /api/media
 * with a progress bar. Uploaded files can be moved up or down and removed.
 */
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import { bytesToMb, checkUpload, limits, type Media } from '@atelier/shared';
import { isApiError } from '../../api/client.ts';
import { uploadMedia } from '../../api/media.ts';
import { translateError } from '../../components/errors.ts';

export type MediaItem =
  | { key: string; status: 'done'; media: Media; name: string }
  | { key: string; status: 'uploading'; name: string; progress: number; abort?: () => void }
  | { key: string; status: 'error'; name: string; message: string };

let counter = 0;
const nextKey = () => `m${(counter += 1)}`;

export const mediaItemsFrom = (media: readonly Media[]): MediaItem[] =>
  media.map((m) => ({ key: m.id, status: 'done', media: m, name: '' }));
export const doneMedia = (items: readonly MediaItem[]): Media[] =>
  items.flatMap((i) => (i.status === 'done' ? [i.media] : []));

export interface MediaFieldProps {
  items: MediaItem[];
  setItems: Dispatch<SetStateAction<MediaItem[]>>;
  /** Called when an uploaded file is removed (to delete it on the server if it is not attached yet). */
  onRemove?: (media: Media) => void;
  error?: string;
  max?: number;
}

export function MediaField({
  items,
  setItems,
  onRemove,
  error,
  max = limits.postMediaMax,
}: MediaFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const active = items.filter((i) => i.status !== 'error').length;
  const remaining = max - active;

  const update = (key: string, change: (item: MediaItem) => MediaItem) =>
    setItems((prev) => prev.map((i) => (i.key === key ? change(i) : i)));

  const addFiles = async (files: File[]) => {
    setNotice(
      files.length > remaining
        ? t('editor.media.tooMany', { max, count: files.length - Math.max(remaining, 0) })
        : null,
    );
    const accepted = files.slice(0, Math.max(remaining, 0));
    const queue: { key: string; file: File }[] = [];
    const added: MediaItem[] = accepted.map((file) => {
      const key = nextKey();
      const check = checkUpload(file);
      if (!check.ok)
        return {
          key,
          status: 'error',
          name: file.name,
          message: t('editor.media.fileTooLarge', {
            name: file.name,
            size: check.sizeMb,
            max: check.maxMb,
          }),
        };
      queue.push({ key, file });
      return { key, status: 'uploading', name: file.name, progress: 0 };
    });
    setItems((prev) => [...prev, ...added]);
    // One at a time: a phone on a slow link gets each file through instead of all of them stalling.
    for (const { key, file } of queue) {
      const handle = uploadMedia(file, (progress) =>
        update(key, (i) => (i.status === 'uploading' ? { ...i, progress } : i)),
      );
      update(key, (i) => (i.status === 'uploading' ? { ...i, abort: handle.abort } : i));
      try {
        const media = await handle.promise;
        update(key, () => ({ key, status: 'done', media, name: file.name }));
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') continue;
        const message =
          isApiError(err) && err.code === 'errors.fileTooLarge'
            ? t('editor.media.fileTooLarge', {
                name: file.name,
                size: bytesToMb(file.size),
                max: bytesToMb(limits.uploadBytes),
              })
            : `${file.name}: ${translateError(t, isApiError(err) ? err.code : null)}`;
        update(key, () => ({ key, status: 'error', name: file.name, message }));
      }
    }
  };

  const remove = (item: MediaItem) => {
    if (item.status === 'uploading') item.abort?.();
    if (item.status === 'done') onRemove?.(item.media);
    setItems((prev) => prev.filter((i) => i.key !== item.key));
  };

  const move = (index: number, delta: number) =>
    setItems((prev) => {
      const next = [...prev];
      const target = index + delta;
      if (target < 0 || target >= next.length) return prev;
      const [item] = next.splice(index, 1);
      if (item) next.splice(target, 0, item);
      return next;
    });

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('editor.media.label')}
      </Typography>
      {items.length > 0 ? (
        <Stack
          component="ol"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t('editor.media.label')}
        >
          {items.map((item, index) => (
            <Box
              component="li"
              key={item.key}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                p: 1,
                border: 1,
                borderColor: item.status === 'error' ? 'error.main' : 'divider',
                borderRadius: 2,
              }}
            >
              <Thumb item={item} />
              <Stack sx={{ flexGrow: 1, minWidth: 0 }} spacing={0.5}>
                <Typography variant="body2" noWrap title={item.name}>
                  {item.status === 'done'
                    ? item.name || t(`editor.media.kind.${item.media.kind}`)
                    : item.name}
                </Typography>
                {item.status === 'uploading' ? (
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(item.progress * 100)}
                    aria-label={t('editor.media.uploading', { name: item.name })}
                  />
                ) : null}
                {item.status === 'done' ? (
                  <Typography variant="caption" color="text.secondary">
                    {item.media.bytes < 1024 * 1024
                      ? t('editor.media.sizeKb', {
                          size: Math.max(1, Math.round(item.media.bytes / 1024)),
                        })
                      : t('editor.media.size', { size: bytesToMb(item.media.bytes) })}
                  </Typography>
                ) : null}
                {item.status === 'error' ? (
                  <Typography variant="caption" color="error" role="alert">
                    {item.message}
                  </Typography>
                ) : null}
              </Stack>
              {item.status === 'done' ? (
                <>
                  <IconButton
                    size="small"
                    aria-label={t('editor.media.moveUp', { position: index + 1 })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('editor.media.moveDown', { position: index + 1 })}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </>
              ) : null}
              <IconButton
                size="small"
                aria-label={t('editor.media.remove', { position: index + 1 })}
                onClick={() => remove(item)}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/*,video/*"
        multiple
        hidden
        data-testid="media-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) void addFiles(files);
        }}
      />
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          onClick={() => input.current?.click()}
          disabled={remaining <= 0}
        >
          {t('editor.media.add')}
        </Button>
      </Box>
      <FormHelperText error={Boolean(error)} sx={{ m: 0 }}>
        {error ??
          t('editor.media.help', {
            max,
            image: bytesToMb(limits.uploadBytes),
            video: bytesToMb(limits.videoUploadBytes),
          })}
      </FormHelperText>
      {notice ? (
        <Alert severity="warning" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
    </Stack>
  );
}

function Thumb({ item }: { item: MediaItem }) {
  const box = {
    width: 56,
    height: 56,
    flexShrink: 0,
    borderRadius: 1.5,
    overflow: 'hidden',
    bgcolor: 'action.hover',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  };
  if (item.status !== 'done') return <Box sx={box} />;
  const src = item.media.thumbnailUrl ?? (item.media.kind === 'image' ? item.media.url : null);
  return (
    <Box sx={box}>
      {src ? (
        <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <MovieOutlinedIcon color="action" />
      )}
    </Box>
  );
}
