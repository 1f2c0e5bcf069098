/**
 * A shared answer whose only per-viewer part is its `liked` flags (a page of posts, comments,
 * status updates; a post): serialised once per cached value by the route's response schema, with
 * the place of each `"liked":false` noted by the `id` of the object it belongs to; a viewer's
 * answer is then those bytes with `true` spliced in where they like the item. Serialising a page
 * of twenty posts per request (fast-json-stringify, and the garbage of the merged copies) was about
 * a fifth of a cached read's CPU.
 */

export interface LikedJson {
  /** The answer as serialised, every `liked` false (the shared value). */
  identity: Buffer;
  /** Byte offsets of the `false` of `"liked":false`, by the `id` of the object holding it. */
  slots: Map<string, number[]>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const FALSE = Buffer.from('false');
const TRUE = Buffer.from('true');
const ID = Buffer.from('"id"');
const LIKED = Buffer.from('"liked"');

interface Frame {
  object: boolean;
  id?: string;
  liked?: number;
}

/** The offset just past the string starting at `start` (its opening quote). */
function stringEnd(bytes: Buffer, start: number): number {
  let i = start + 1;
  while (i < bytes.length) {
    const c = bytes[i];
    if (c === BACKSLASH) i += 2;
    else if (c === QUOTE) return i + 1;
    else i += 1;
  }
  throw new Error('liked-json: unterminated string');
}

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Where the `liked` flags of `json` are (a JSON text; UTF-8 multi-byte sequences never contain an
 * ASCII byte, so the structure is read byte by byte). An object counts when it has a string `id`
 * and `"liked":false` of its own (nested objects have their own).
 */
export function likedJson(json: string): LikedJson {
  const bytes = Buffer.from(json);
  const slots = new Map<string, number[]>();
  const stack: Frame[] = [];
  // In an object: whether the next string is a key.
  let expectKey = false;
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i];
    if (c === QUOTE) {
      const end = stringEnd(bytes, i);
      const frame = stack[stack.length - 1];
      if (expectKey && frame?.object) {
        let j = end;
        while (isSpace(bytes[j])) j += 1;
        if (bytes[j] === COLON) {
          j += 1;
          while (isSpace(bytes[j])) j += 1;
          const isId = end - i === ID.length && bytes.subarray(i, end).equals(ID);
          const isLiked = end - i === LIKED.length && bytes.subarray(i, end).equals(LIKED);
          if (isId && bytes[j] === QUOTE) {
            const idEnd = stringEnd(bytes, j);
            frame.id = JSON.parse(bytes.toString('utf8', j, idEnd)) as string;
            i = idEnd;
            expectKey = false;
            continue;
          }
          if (isLiked && bytes.subarray(j, j + FALSE.length).equals(FALSE)) frame.liked = j;
          i = j;
          expectKey = false;
          continue;
        }
      }
      i = end;
      continue;
    }
    if (c === OPEN_OBJECT) {
      stack.push({ object: true });
      expectKey = true;
    } else if (c === OPEN_ARRAY) {
      stack.push({ object: false });
      expectKey = false;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      const frame = stack.pop();
      if (frame?.object && frame.id !== undefined && frame.liked !== undefined) {
        const list = slots.get(frame.id);
        if (list) list.push(frame.liked);
        else slots.set(frame.id, [frame.liked]);
      }
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = stack[stack.length - 1]?.object === true;
    }
    i += 1;
  }
  return { identity: bytes, slots };
}

/**
 * The answer with `liked` true on the objects whose id is in one of `liked` (the shared bytes
 * themselves when none of them is there).
 */
export function withLiked(prepared: LikedJson, ...liked: ReadonlySet<string>[]): Buffer {
  let offsets: number[] | undefined;
  for (const ids of liked) {
    for (const id of ids) {
      const at = prepared.slots.get(id);
      if (at) (offsets ??= []).push(...at);
    }
  }
  if (!offsets) return prepared.identity;
  offsets.sort((a, b) => a - b);
  const { identity } = prepared;
  const parts: Buffer[] = [];
  let from = 0;
  let count = 0;
  for (const at of offsets) {
    if (at < from) continue; // the same place twice
    count += 1;
    parts.push(identity.subarray(from, at), TRUE);
    from = at + FALSE.length;
  }
  parts.push(identity.subarray(from));
  return Buffer.concat(parts, identity.length - count);
}
