/**
 * A list of status update cards (home embeds it with the home page's items): the first two at
 * once, then two more per task (useIncremental).
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { StatusUpdate } from '@atelier/shared';
import item from '../item.module.css';
import { useIncremental } from '../useIncremental.ts';
import css from './status.module.css';
import { StatusUpdateCard } from './StatusUpdateCard.tsx';

export function StatusUpdateList({ items }: { items: StatusUpdate[] }) {
  const { t } = useTranslation();
  const shown = useIncremental(items.length, 2, 2);
  if (items.length === 0) {
    return <p className={`${item.body1} ${item.secondary}`}>{t('status.empty')}</p>;
  }
  return (
    <ul className={css.list}>
      {items.slice(0, shown).map((update) => (
        <li key={update.id}>
          <StatusUpdateCard update={update} />
        </li>
      ))}
    </ul>
  );
}
