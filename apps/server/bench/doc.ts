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
