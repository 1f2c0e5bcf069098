/**
 * Strips the metadata of an uploaded video in place, without re-encoding and without moving a
 * byte of media data (so chunk offsets stay valid):
 *
 * - MP4 / MOV (ISO BMFF): every `udta` and `meta` box in the movie tree (moov, trak, mdia, minf,
 *   moof, traf; `©xyz` GPS, creation dates, Apple `mdta` keys such as
 *   com.apple.quicktime.location.ISO6709) and top-level `udta`, `meta` and `uuid` (XMP) boxes
 *   become `free` boxes of the same size with a zeroed payload.
 * - WebM / Matroska (EBML): `Tags` and `Attachments` elements, and `Title` and `DateUTC` in
 *   `Info`, become `Void` elements of the same size with a zeroed payload.
 *
 * A file whose structure cannot be walked (sizes past the end, bad variable-length integers, an
 * unexpected top-level element) throws `VideoStructureError`: the upload is refused rather than
 * kept with its metadata.
 */
import fsp, { type FileHandle } from 'node:fs/promises';

export class VideoStructureError extends Error {}

const bad = (why: string) => new VideoStructureError(why);

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

const ZEROS = Buffer.alloc(64 * 1024);

async function zero(handle: FileHandle, from: number, to: number): Promise<void> {
  for (let pos = from; pos < to; pos += ZEROS.length) {
    await handle.write(ZEROS, 0, Math.min(ZEROS.length, to - pos), pos);
  }
}

// ---- ISO BMFF ----

const bmffContainers = new Set(['moov', 'trak', 'mdia', 'minf', 'moof', 'traf', 'edts', 'mvex']);
const bmffInMovie = new Set(['udta', 'meta']);
const bmffTopLevel = new Set(['udta', 'meta', 'uuid']);

async function walkBmff(
  handle: FileHandle,
  start: number,
  end: number,
  depth: number,
): Promise<number> {
  let blanked = 0;
  let pos = start;
  while (pos < end) {
    if (end - pos < 8) throw bad('truncated box header');
    const head = await readAt(handle, pos, 16);
    if (head.length < 8) throw bad('truncated box header');
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let headerLength = 8;
    if (size === 1) {
      if (head.length < 16) throw bad('truncated large size');
      const large = head.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw bad('box too large');
      size = Number(large);
      headerLength = 16;
    } else if (size === 0) {
      size = end - pos; // to the end of the enclosing range
    }
    if (size < headerLength || pos + size > end)
      throw bad(`box ${JSON.stringify(type)} overruns its parent`);
    const strip = depth === 0 ? bmffTopLevel.has(type) : bmffInMovie.has(type);
    if (strip) {
      await handle.write(Buffer.from('free', 'latin1'), 0, 4, pos + 4);
      await zero(handle, pos + headerLength, pos + size);
      blanked += 1;
    } else if (bmffContainers.has(type)) {
      blanked += await walkBmff(handle, pos + headerLength, pos + size, depth + 1);
    }
    pos += size;
  }
  return blanked;
}

// ---- EBML (WebM / Matroska) ----

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const VOID = 0xec;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
/** Removed whole: Tags, Attachments. */
const ebmlStrip = new Set([0x1254c367, 0x1941a469]);
/** Removed inside Info: Title, DateUTC. */
const infoStrip = new Set([0x7ba9, 0x4461]);

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

function readVint(buf: Buffer, offset: number, keepMarker: boolean): Vint {
  const first = buf[offset];
  if (first === undefined) throw bad('truncated element');
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 8) throw bad('invalid variable-length integer');
  if (offset + length > buf.length) throw bad('truncated element');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = (first & (0xff >> length)) === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[offset + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  headerLength: number;
  /** Null for an element of unknown size (live recordings: Segment, Cluster). */
  size: number | null;
}

async function readElement(handle: FileHandle, pos: number, end: number): Promise<Element> {
  const head = await readAt(handle, pos, Math.min(16, end - pos));
  const id = readVint(head, 0, true);
  if (id.length > 4) throw bad('invalid element id');
  const size = readVint(head, id.length, false);
  return {
    id: id.value,
    headerLength: id.length + size.length,
    size: size.unknown ? null : size.value,
  };
}

/** Overwrites an element (header included) with a Void element of the same total length. */
async function voidElement(handle: FileHandle, pos: number, total: number): Promise<void> {
  const sizeLength = Math.min(8, total - 1);
  const payload = total - 1 - sizeLength;
  const header = Buffer.alloc(1 + sizeLength);
  header[0] = VOID;
  let rest = payload;
  for (let i = sizeLength; i >= 1; i--) {
    header[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  header[1] = (header[1] ?? 0) | (0x80 >> (sizeLength - 1));
  await handle.write(header, 0, header.length, pos);
  await zero(handle, pos + header.length, pos + total);
}

async function walkEbml(
  handle: FileHandle,
  start: number,
  end: number,
  inInfo: boolean,
): Promise<number> {
  let blanked = 0;
  let pos = start;
  while (pos < end) {
    const el = await readElement(handle, pos, end);
    const dataStart = pos + el.headerLength;
    if (el.size === null) {
      // Unknown size (Segment or Cluster of a live recording): its children follow, then the
      // next element of the segment; walk them as one list.
      if (el.id !== SEGMENT && el.id !== CLUSTER) throw bad('unknown size');
      pos = dataStart;
      continue;
    }
    const next = dataStart + el.size;
    if (next > end) throw bad('element overruns its parent');
    if (inInfo ? infoStrip.has(el.id) : ebmlStrip.has(el.id)) {
      await voidElement(handle, pos, next - pos);
      blanked += 1;
    } else if (!inInfo && (el.id === INFO || el.id === SEGMENT)) {
      blanked += await walkEbml(handle, dataStart, next, el.id === INFO);
    }
    pos = next;
  }
  return blanked;
}

async function stripEbml(handle: FileHandle, end: number): Promise<number> {
  const header = await readElement(handle, 0, end);
  if (header.id !== EBML_HEADER || header.size === null) throw bad('no EBML header');
  let pos = header.headerLength + header.size;
  let blanked = 0;
  let segments = 0;
  while (pos < end) {
    const el = await readElement(handle, pos, end);
    if (el.id === VOID && el.size !== null) {
      pos += el.headerLength + el.size;
      continue;
    }
    if (el.id !== SEGMENT) throw bad('unexpected top-level element');
    segments += 1;
    const segmentEnd = el.size === null ? end : pos + el.headerLength + el.size;
    if (segmentEnd > end) throw bad('segment overruns the file');
    blanked += await walkEbml(handle, pos + el.headerLength, segmentEnd, false);
    pos = segmentEnd;
  }
  if (segments === 0) throw bad('no segment');
  return blanked;
}

/** Strips the metadata of a video file in place; returns how many boxes or elements were blanked. */
export async function stripVideoMetadata(
  file: string,
  container: 'bmff' | 'ebml',
): Promise<number> {
  const handle = await fsp.open(file, 'r+');
  try {
    const { size } = await handle.stat();
    return container === 'bmff'
      ? await walkBmff(handle, 0, size, 0)
      : await stripEbml(handle, size);
  } finally {
    await handle.close();
  }
}
