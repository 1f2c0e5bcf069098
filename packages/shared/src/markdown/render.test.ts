import { describe, expect, it } from 'vitest';
import { isSameOrigin, renderMarkdown, safeUrl } from './render.ts';

const origin = 'https://atelier.example';
const md = (source: string) => renderMarkdown(source, origin);

/** Every tag of the HTML with its attributes (text is escaped: a `<` always opens a tag). */
function tagsOf(html: string): { name: string; attrs: Map<string, string> }[] {
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)].map(([, name = '', rest = '']) => ({
    name: name.toLowerCase(),
    attrs: new Map(
      [...rest.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map(([, key = '', value = '']) => [
        key.toLowerCase(),
        value.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
          String.fromCodePoint(parseInt(hex, 16)),
        ),
      ]),
    ),
  }));
}

/** Safe to insert as HTML: no script-bearing element, no handler, no style, no unsafe URL. */
function assertInert(html: string) {
  for (const { name, attrs } of tagsOf(html)) {
    expect(['script', 'iframe', 'style', 'object', 'embed', 'form', 'svg']).not.toContain(name);
    for (const [key, value] of attrs) {
      expect(key.startsWith('on'), `${name} has ${key}`).toBe(false);
      expect(key).not.toBe('style');
      if (key === 'href' || key === 'src')
        expect(value.trim().toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
    }
  }
}

const rel = 'rel="noopener noreferrer nofollow"';

describe('renderMarkdown', () => {
  it('links @username to the profile, but not in code, links or e-mail addresses', () => {
    const html = md('Thanks @Ana. and @bob_2, `@code`, [@x](/posts/1), mail a@b.co');
    expect(html).toContain(`<a href="/u/Ana" ${rel}>@Ana</a>.`);
    expect(html).toContain(`<a href="/u/bob_2" ${rel}>@bob_2</a>`);
    expect(html).toContain(`<a href="/posts/1" ${rel}>@x</a>`);
    expect(html.match(/href="\/u\//g)).toHaveLength(2);
    expect(html).toContain('<code>@code</code>');
  });

  it('renders GitHub-flavoured Markdown: strikethrough, a table, a task list', () => {
    const html = md(
      '**bold** ~~gone~~\n\n| a | b |\n|:-:|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] to do',
    );
    expect(html).toContain('<strong>bold</strong> <del>gone</del>');
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th align="center">a<\/th>\s*<th>b<\/th>/);
    expect(html).toMatch(/<td align="center">1<\/td>\s*<td>2<\/td>/);
    expect(html).toContain('<ul class="contains-task-list">');
    expect(html).toContain(
      '<li class="task-list-item"><input type="checkbox" checked disabled> done</li>',
    );
    expect(html).toContain(
      '<li class="task-list-item"><input type="checkbox" disabled> to do</li>',
    );
  });

  it('moves headings one level down: the page keeps its single h1', () => {
    expect(md('# a\n\n## b\n\n### c\n\n#### d\n\n##### e\n\n###### f').split('\n')).toEqual([
      '<h2>a</h2>',
      '<h3>b</h3>',
      '<h4>c</h4>',
      '<h5>d</h5>',
      '<h6>e</h6>',
      '<h6>f</h6>',
    ]);
  });

  it('renders quotes, lists and code with their text escaped', () => {
    const html = md('> a *quote*\n\n1. one\n2. two\n\n```js\nif (a < b && c) "x";\n```');
    expect(html).toMatch(/<blockquote>\s*<p>a <em>quote<\/em><\/p>\s*<\/blockquote>/);
    expect(html).toMatch(/<ol>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ol>/);
    expect(html).toContain('<pre><code class="language-js">if (a &#x3C; b &#x26;&#x26; c) "x";');
  });

  it('never renders raw HTML: <script>, <img onerror>, <iframe> show as text', () => {
    const html = md(
      '<script>alert(1)</script>\n\nhi <img src=x onerror="alert(1)"> there\n\n<iframe src="https://evil.test"></iframe>\n\n<a href="javascript:alert(1)">x</a>',
    );
    assertInert(html);
    expect(tagsOf(html).map((t) => t.name)).toEqual(['p', 'p']);
    expect(html).toContain('&#x3C;script>alert(1)&#x3C;/script>');
    expect(html).toContain('<p>hi &#x3C;img src=x onerror="alert(1)"> there</p>');
    expect(html).toContain('&#x3C;iframe src="https://evil.test">&#x3C;/iframe>');
  });

  it('drops javascript:, data: and vbscript: URLs from links and images', () => {
    const html = md(
      '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html;base64,PHNjcmlwdD4=) [w](vbscript:msgbox(1))\n\n![i](javascript:alert(1)) ![](data:image/png;base64,AA) <javascript:alert(1)>\n\n[ref]\n\n[ref]: javascript:alert(2)',
    );
    assertInert(html);
    expect(md('[x](javascript:alert(1))')).toBe('<p><span>x</span></p>');
    // An image without a URL shows its alt text, or nothing.
    expect(md('![i](javascript:alert(1))')).toBe('<p><span>i</span></p>');
    expect(md('![](javascript:alert(1))')).toBe('<p></p>');
    // What defaultUrlTransform allows stays.
    expect(md('[m](mailto:a@b.co) [r](../x?a=b:c) [h](#top)')).toBe(
      `<p><a href="mailto:a@b.co" ${rel}>m</a> <a href="../x?a=b:c" ${rel}>r</a> <a href="#top" ${rel}>h</a></p>`,
    );
  });

  it('gives links rel="noopener noreferrer nofollow" and opens other sites in a new tab', () => {
    expect(
      md(
        '[out](https://example.com/a) [in](/posts/1) [here](https://atelier.example/x) https://auto.example',
      ),
    ).toBe(
      `<p><a href="https://example.com/a" ${rel} target="_blank">out</a> <a href="/posts/1" ${rel}>in</a> <a href="https://atelier.example/x" ${rel}>here</a> <a href="https://auto.example" ${rel} target="_blank">https://auto.example</a></p>`,
    );
  });

  it('shows images of this site and turns images from elsewhere into links', () => {
    expect(md('![here](/media/a.webp "t")')).toBe(
      '<p><img src="/media/a.webp" alt="here" loading="lazy"></p>',
    );
    expect(md('![abs](https://atelier.example/media/b.webp)')).toBe(
      '<p><img src="https://atelier.example/media/b.webp" alt="abs" loading="lazy"></p>',
    );
    expect(md('![there](https://tracker.example/p.gif)')).toBe(
      `<p><a href="https://tracker.example/p.gif" ${rel} target="_blank">there</a></p>`,
    );
    expect(md('![](//tracker.example/p.gif)')).toBe(
      `<p><a href="//tracker.example/p.gif" ${rel} target="_blank">//tracker.example/p.gif</a></p>`,
    );
    expect(md('![rel](pic.png)')).toContain('<a href="pic.png"');
  });

  it('is safe whatever is written', () => {
    for (const source of [
      '<svg onload=alert(1)>',
      '[a](<javascript:alert(1)>)',
      '[a](java\tscript:alert(1))',
      '[a](&#106;avascript:alert(1))',
      '![x" onerror="alert(1)](/a.png)',
      '[x](/a "t\\" onclick=\\"alert(1)")',
      '<style>body{}</style>',
      '<div style="color:red">x</div>',
      '| <b onclick=x> |\n|-|\n| `<i>` |',
      '<!-- comment --> <?php ?> <![CDATA[x]]>',
    ])
      assertInert(md(source));
  });

  it('renders footnotes and nothing for an empty text', () => {
    expect(md('')).toBe('');
    const html = md('Note[^1]\n\n[^1]: the note');
    expect(html).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1"');
    expect(html).toContain('<li id="user-content-fn-1">');
  });

  it('takes the origin as a base URL too', () => {
    expect(renderMarkdown('![a](https://atelier.example/a.png)', 'https://atelier.example/')).toBe(
      '<p><img src="https://atelier.example/a.png" alt="a" loading="lazy"></p>',
    );
  });
});

describe('isSameOrigin and safeUrl', () => {
  it('knows this site by its paths and its origin', () => {
    expect(isSameOrigin('/media/a.webp', origin)).toBe(true);
    expect(isSameOrigin('https://atelier.example/a', origin)).toBe(true);
    expect(isSameOrigin('http://atelier.example/a', origin)).toBe(false);
    expect(isSameOrigin('//evil.example/a', origin)).toBe(false);
    expect(isSameOrigin('/\\evil.example/a', origin)).toBe(false);
    expect(isSameOrigin('a.png', origin)).toBe(false);
  });

  it('keeps relative and safe URLs only', () => {
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('DATA:text/html,x')).toBe('');
    expect(safeUrl('https://a.example')).toBe('https://a.example');
    expect(safeUrl('/a:b')).toBe('/a:b');
    expect(safeUrl('ircs://irc.example')).toBe('ircs://irc.example');
  });
});
