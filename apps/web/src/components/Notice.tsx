/**
 * A notice on a page (a removed post, a missing one, a query that failed): MUI's standard Alert of
 * severity info, success, warning or error, with an optional title and an action at its end, as plain
 * elements (Notice.module.css) — the pages members read most load no MUI.
 */
import type { ReactNode } from 'react';
import { MaterialIcon } from './MaterialIcon.tsx';
import css from './Notice.module.css';

const icons = {
  info: 'infoOutlined',
  success: 'successOutlined',
  warning: 'reportProblemOutlined',
  error: 'errorOutline',
} as const;

export function Notice({
  severity,
  title,
  action,
  role = 'alert',
  children,
}: {
  severity: keyof typeof icons;
  /** `status` for news that is no error (a link was sent). */
  role?: 'alert' | 'status';
  title?: ReactNode;
  /** At the end of the band: a small button, say. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`${css.notice} ${css[severity]}`} role={role}>
      <div className={css.icon}>
        <MaterialIcon name={icons[severity]} size="inherit" />
      </div>
      <div className={css.message}>
        {title ? <div className={css.title}>{title}</div> : null}
        {children}
      </div>
      {action ? <div className={css.action}>{action}</div> : null}
    </div>
  );
}
