/** Tags as the API shows them. */
import type { Tag } from '@atelier/shared';
import type { TagRow } from '../../db/schema/index.ts';

export function presentTag(
  row: Pick<TagRow, 'id' | 'labels' | 'type' | 'parents' | 'postCount'>,
): Tag {
  return {
    id: row.id,
    labels: row.labels,
    type: row.type,
    parents: row.parents,
    postCount: row.postCount,
  };
}
