/**
 * Writes docs/performance.md, or one bench's section of it (between `<!-- bench:NAME:start -->`
 * and `<!-- bench:NAME:end -->`), formatted as `prettier --check` expects, so a bench run leaves
 * the file ready to commit.
 */
import fs from 'node:fs';
import * as prettier from 'prettier';

export async function writeDoc(file: string, text: string): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

export const sectionMarkers = (name: string) =>
  [`<!-- bench:${name}:start -->`, `<!-- bench:${name}:end -->`] as const;

/**
 * `head` (what `npm run bench` writes) followed by what `previous` holds from the first section of
 * `kept` on (those sections and the notes after them), so a rewrite of the head keeps them.
 */
export function withKeptTail(head: string, previous: string, kept: readonly string[]): string {
  const from = Math.min(
    ...kept.map((name) => previous.indexOf(sectionMarkers(name)[0])).filter((i) => i >= 0),
  );
  const tail = Number.isFinite(from) ? previous.slice(from).trim() : '';
  return tail ? `${head.trimEnd()}\n\n${tail}\n` : head;
}

/** Replaces the section `text` (markers included) stands for, or appends it. */
export async function writeSection(file: string, name: string, text: string): Promise<void> {
  const [start, end] = sectionMarkers(name);
  const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  await writeDoc(
    file,
    from >= 0 && to > from
      ? `${doc.slice(0, from)}${text}${doc.slice(to + end.length)}`
      : `${doc.trimEnd()}\n\n${text}\n`,
  );
}
