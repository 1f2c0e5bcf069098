/**
 * "Report" on a post, comment, reply, status update, status reply or profile: hidden on one's own
 * content (and for users without access); opens the report dialog, loaded on first use. A plain
 * button with the look of MUI's Button (an item's action row, or the buttons' sheet).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { ReportTargetType } from '@atelier/shared';
import { useCurrentUser } from '../../api/me.ts';
import { ActionButton } from '../ItemActions.tsx';
import { MaterialIcon } from '../MaterialIcon.tsx';
import shell from '../../app/shell/shell.module.css';
import buttons from '../buttons.module.css';
import css from '../item.module.css';

const ReportDialog = lazy(() => import('./ReportDialog.tsx'));

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** The author of the content, or the user of the profile (no button for oneself). */
  authorId: string | null | undefined;
  /** The author's name, for the button's accessible name. */
  authorName?: string;
  /** Shown in the dialog under its title. */
  summary?: string;
  variant?: 'text' | 'outlined';
  size?: 'small' | 'medium';
}

export function ReportButton({
  targetType,
  targetId,
  authorId,
  authorName,
  summary,
  variant = 'text',
  size = 'small',
}: ReportButtonProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!me?.hasAccess || !authorId || me.id === authorId) return null;
  const button = {
    onClick: () => setOpen(true),
    'aria-label': t(`reports.button.${targetType}`, { username: authorName ?? '' }),
    'aria-haspopup': 'dialog',
  } as const;
  const outlined = variant === 'outlined';
  const medium = size === 'medium';
  const classes = outlined
    ? `${medium ? shell.outlinedSecondaryMedium : shell.outlinedSecondary} ${buttons.withStart}`
    : shell.textSecondaryMedium;
  return (
    <>
      {variant === 'text' && size === 'small' ? (
        // In an item's action row: one per comment, reply or status update.
        <ActionButton className={css.noShrink} {...button}>
          {t('reports.button.label')}
        </ActionButton>
      ) : (
        <button type="button" className={classes} {...button}>
          {outlined ? (
            <span className={medium ? `${buttons.startIcon} ${buttons.medium}` : buttons.startIcon}>
              <MaterialIcon name="outlinedFlag" size="inherit" />
            </span>
          ) : null}
          {t('reports.button.label')}
        </button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            summary={summary}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
