/**
 * A post's tags as chips (plain elements with MUI's Chip look: chip.module.css), labelled in the
 * interface language (English fallback) and sorted by that label. With `section`, each chip links
 * to that section filtered by the tag.
 */
import { useEffect } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { AppLink } from './AppLink.tsx';
import { isLanguage, labelCollator, tagLabel, type Tag } from '@atelier/shared';
import { useTags } from '../api/tags.ts';
import chip from './chip.module.css';

export function useLanguageCode() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'en';
}

/** A post may carry a tag created since the list was loaded: reload the list, at most once a minute. */
let lastMissingRefetch = 0;
function useRefetchWhenMissing(missing: boolean, refetch: () => Promise<unknown>) {
  useEffect(() => {
    if (!missing || Date.now() - lastMissingRefetch < 60_000) return;
    lastMissingRefetch = Date.now();
    void refetch();
  }, [missing, refetch]);
}

export function TagChips({
  ids,
  section,
  size = 'small',
}: {
  ids: readonly string[];
  section?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  const tags = useTags();
  const byId = new Map((tags.data ?? []).map((tag) => [tag.id, tag]));
  useRefetchWhenMissing(tags.isSuccess && ids.some((id) => !byId.has(id)), tags.refetch);
  if (ids.length === 0) return null;
  const known = ids.map((id) => byId.get(id)).filter((tag): tag is Tag => tag !== undefined);
  if (known.length === 0) return null;
  const collator = labelCollator(lng);
  known.sort((a, b) => collator.compare(tagLabel(a, lng), tagLabel(b, lng)));
  const chipClass = size === 'small' ? `${chip.chip} ${chip.small}` : chip.chip;
  return (
    <ul aria-label={t('post.tags')} className={chip.list}>
      {known.map((tag) => (
        <li key={tag.id}>
          {section ? (
            <AppLink
              className={`${chipClass} ${chip.clickable}`}
              to={`/sections/${encodeURIComponent(section)}?tag=${encodeURIComponent(tag.id)}`}
            >
              <span className={chip.label}>{`#${tagLabel(tag, lng)}`}</span>
            </AppLink>
          ) : (
            <div className={chipClass}>
              <span className={chip.label}>{`#${tagLabel(tag, lng)}`}</span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
