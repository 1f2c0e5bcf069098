/**
 * Initials of a username (seed rule): the first letters of the first two words when it contains a
 * space, otherwise its first two letters; upper-cased. Counts code points, so 한글 names work.
 */
export function initials(username: string): string {
  const name = username.trim();
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length >= 2)
    return words
      .slice(0, 2)
      .map((w) => Array.from(w)[0] ?? '')
      .join('')
      .toUpperCase();
  return Array.from(name).slice(0, 2).join('').toUpperCase();
}
