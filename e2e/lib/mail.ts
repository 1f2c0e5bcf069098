/** Reads the mails the server wrote to DATA_DIR/mail and finds links in them. */
import fs from 'node:fs';
import path from 'node:path';

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(raw: string): string {
  // Decode every base64 part as well, so a link is found whatever the encoding chosen.
  const base64Parts = [
    ...raw.matchAll(
      /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g,
    ),
  ]
    .map((m) => Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return decodeQuotedPrintable(raw) + '\n' + base64Parts;
}

/** Waits for a mail to `to` whose body has a link containing `contains`; returns the link. */
export async function waitForLink(
  mailDir: string,
  to: string,
  contains: string,
  after = 0,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = fs.existsSync(mailDir)
      ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'))
      : [];
    const candidates = files
      .map((f) => path.join(mailDir, f))
      .filter((f) => fs.statSync(f).mtimeMs >= after)
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    for (const file of candidates) {
      const raw = fs.readFileSync(file, 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
      const body = decodeBody(raw);
      const link = body.match(/https?:\/\/[^\s"'<>]+/g)?.find((l) => l.includes(contains));
      if (link) return link.replace(/&amp;/g, '&');
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to} with a link containing ${contains}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
