/** Media rows as the API shows them: public URLs under /media. */
import type { Media, MediaKind } from '@atelier/shared';

export const MEDIA_URL_PREFIX = '/media/';

export interface MediaFields {
  id: string;
  kind: MediaKind;
  key: string;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
  bytes: number | string;
  mime: string;
}

export const mediaUrl = (key: string) => MEDIA_URL_PREFIX + key;

export function presentMedia(row: MediaFields): Media {
  return {
    id: row.id,
    kind: row.kind,
    url: mediaUrl(row.key),
    thumbnailUrl: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
    width: row.width,
    height: row.height,
    bytes: Number(row.bytes),
    mime: row.mime,
  };
}
