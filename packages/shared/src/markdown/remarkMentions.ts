/**
 * A remark plugin: `@username` in text becomes a link to /u/username (which opens the profile).
 * The same rule as the server's mentions (features/notifications/mentions.ts): a name of letters,
 * digits, `_`, `.` and `-` not preceded by such a character, `@` or `/`, trailing dots and dashes
 * left out. Text inside links and code is left alone.
 */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

const mention = /(?<![\p{L}\p{N}_.@/-])@([\p{L}\p{N}_.-]+)/gu;
const skipped = new Set(['link', 'linkReference', 'inlineCode', 'code', 'definition', 'html']);

/** The text split into text and mention links (the same node when there is none). */
export function splitMentions(value: string): MdNode[] {
  const out: MdNode[] = [];
  let last = 0;
  for (const match of value.matchAll(mention)) {
    const name = (match[1] ?? '').replace(/[.-]+$/u, '');
    if (!name) continue;
    const start = match.index;
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) });
    out.push({
      type: 'link',
      url: `/u/${encodeURIComponent(name)}`,
      children: [{ type: 'text', value: `@${name}` }],
    });
    last = start + 1 + name.length;
  }
  if (out.length === 0) return [{ type: 'text', value }];
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

function walk(node: MdNode) {
  if (!node.children || skipped.has(node.type)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value?.includes('@')) return splitMentions(child.value);
    walk(child);
    return [child];
  });
}

export default function remarkMentions() {
  return (tree: MdNode) => {
    walk(tree);
  };
}
