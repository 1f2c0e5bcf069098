/**
 * A post's history (author and moderators): every kept version, newest first, each shown as a
 * word diff against the version before it (title, body; tags added and removed). The first
 * version kept is shown whole. Additions and removals are told to screen readers too.
 */
import { Fragment, useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { diffWordsWithSpace, type ChangeObject } from 'diff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import { tagLabel, type PostVersion } from '@atelier/shared';
import { usePostHistory } from '../../api/posts.ts';
import { useTags } from '../../api/tags.ts';
import { DialogQuery } from '../../components/DialogQuery.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { useLanguageCode } from '../../components/TagChips.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';

/** One added (`ins`) or removed (`del`) part of a diff, announced as such to screen readers. */
function Change({ kind, children }: { kind: 'ins' | 'del'; children: string }) {
  const { t } = useTranslation();
  const added = kind === 'ins';
  return (
    <Box
      component={kind}
      sx={{
        bgcolor: (theme) =>
          alpha(added ? theme.palette.success.main : theme.palette.error.main, 0.25),
        color: 'text.primary',
        ...(added ? { textDecoration: 'underline' } : {}),
      }}
    >
      <VisuallyHidden>{t(added ? 'history.addedStart' : 'history.removedStart')}</VisuallyHidden>
      {children}
      <VisuallyHidden>{t('history.changeEnd')}</VisuallyHidden>
    </Box>
  );
}

/** The parts of a word diff as inline ins/del marks. */
export function DiffText({ before, after }: { before: string; after: string }) {
  const parts: ChangeObject<string>[] = diffWordsWithSpace(before, after);
  return (
    <>
      {parts.map((part, i) =>
        part.added ? (
          <Change key={i} kind="ins">
            {part.value}
          </Change>
        ) : part.removed ? (
          <Change key={i} kind="del">
            {part.value}
          </Change>
        ) : (
          <Fragment key={i}>{part.value}</Fragment>
        ),
      )}
    </>
  );
}

function VersionView({ version, previous }: { version: PostVersion; previous?: PostVersion }) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  const tags = useTags();
  const label = (id: string) => {
    const tag = tags.data?.find((x) => x.id === id);
    return tag ? tagLabel(tag, lng) : '…';
  };
  const added = previous ? version.tags.filter((id) => !previous.tags.includes(id)) : version.tags;
  const removed = previous ? previous.tags.filter((id) => !version.tags.includes(id)) : [];
  const kept = previous ? version.tags.filter((id) => previous.tags.includes(id)) : [];
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {version.number === 0
          ? t('history.firstVersion')
          : t('history.version', { number: version.number })}
        {version.current ? ` — ${t('history.current')}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {version.writtenBy
          ? t('history.writtenBy', { name: version.writtenBy.username })
          : t('history.writtenByUnknown')}{' '}
        · <RelativeTime value={version.writtenAt} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('history.title')}
      </Typography>
      <Typography sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
        <DiffText before={previous?.title ?? version.title} after={version.title} />
      </Typography>
      {added.length + removed.length + kept.length > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('history.tags')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
            {kept.map((id) => (
              <Chip key={id} size="small" label={label(id)} />
            ))}
            {previous
              ? added.map((id) => (
                  <Chip
                    key={id}
                    size="small"
                    color="success"
                    label={t('history.tagAdded', { tag: label(id) })}
                  />
                ))
              : added.map((id) => <Chip key={id} size="small" label={label(id)} />)}
            {removed.map((id) => (
              <Chip
                key={id}
                size="small"
                color="error"
                variant="outlined"
                label={t('history.tagRemoved', { tag: label(id) })}
              />
            ))}
          </Stack>
        </>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t('history.body')}
      </Typography>
      <Typography
        component="div"
        variant="body2"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'monospace',
          bgcolor: 'action.hover',
          p: 1,
          borderRadius: 1,
        }}
        data-testid={`version-body-${version.number}`}
      >
        <DiffText before={previous?.body ?? version.body} after={version.body} />
      </Typography>
    </Box>
  );
}

export function PostHistoryDialog({
  postId,
  open,
  onClose,
}: {
  postId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const history = usePostHistory(postId, open);
  const titleId = useId();
  const versions = history.data?.versions ?? [];
  const oldest = versions.at(-1);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('history.dialogTitle')}</DialogTitle>
      {/* Focusable: the versions are text only, and a keyboard scrolls them from here. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        <DialogQuery query={history} loading={t('history.loading')}>
          {() => (
            <Stack spacing={2} divider={<Divider flexItem />}>
              {versions.map((version, i) => (
                <VersionView key={version.number} version={version} previous={versions[i + 1]} />
              ))}
              {oldest && oldest.number > 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('history.olderNotKept')}
                </Typography>
              ) : null}
            </Stack>
          )}
        </DialogQuery>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
