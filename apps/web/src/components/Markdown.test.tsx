import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Markdown } from './Markdown.tsx';

function renderMd(source: string) {
  return render(<Markdown>{source}</Markdown>).container;
}

function assertInert(root: HTMLElement) {
  expect(root.querySelector('script')).toBeNull();
  expect(root.querySelector('iframe')).toBeNull();
  for (const el of root.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      expect(attr.name.startsWith('on'), `${el.tagName} has ${attr.name}`).toBe(false);
      if (attr.name === 'href' || attr.name === 'src') {
        expect(attr.value.trim().toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
      }
    }
  }
}

describe('Markdown', () => {
  it('links @username to the profile, but not in code, links or e-mail addresses', () => {
    const root = renderMd('Thanks @Ana. and @bob_2, `@code`, [@x](/posts/1), mail a@b.co');
    const links = [...root.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toContainEqual(['@Ana', '/u/Ana']);
    expect(links).toContainEqual(['@bob_2', '/u/bob_2']);
    expect(links).toContainEqual(['@x', '/posts/1']);
    expect(links.filter(([, href]) => href?.startsWith('/u/'))).toHaveLength(2);
    expect(root.querySelector('code')?.textContent).toBe('@code');
  });

  it('renders GitHub-flavoured Markdown', () => {
    const root = renderMd(
      '# Title\n\n**bold** ~~gone~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done',
    );
    // Headings move one level down: the page keeps its single h1.
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('h2')?.textContent).toBe('Title');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('del')?.textContent).toBe('gone');
    expect(root.querySelector('table')).not.toBeNull();
    expect(root.querySelector('input[type="checkbox"]')).not.toBeNull();
  });

  it('never renders raw HTML: <script>, <img onerror>, <iframe> stay text', () => {
    const root = renderMd(
      '<script>alert(1)</script>\n\nhi <img src=x onerror="alert(1)"> there\n\n<iframe src="https://evil.test"></iframe>\n\n<a href="javascript:alert(1)">x</a>',
    );
    assertInert(root);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('<script>');
  });

  it('drops javascript:, data: and vbscript: URLs from links and images', () => {
    const root = renderMd(
      '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html;base64,PHNjcmlwdD4=) [w](vbscript:msgbox(1))\n\n![i](javascript:alert(1)) <javascript:alert(1)>\n\n[ref]\n\n[ref]: javascript:alert(2)',
    );
    assertInert(root);
  });

  it('gives links rel="noopener noreferrer nofollow" and opens other sites in a new tab', () => {
    const root = renderMd('[out](https://example.com/a) [in](/posts/1) https://auto.example');
    const links = [...root.querySelectorAll('a')];
    expect(links).toHaveLength(3);
    for (const a of links) expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[1]?.getAttribute('target')).toBeNull();
  });

  it('shows images of this site and turns images from elsewhere into links', () => {
    const root = renderMd('![here](/media/a.webp)\n\n![there](https://tracker.example/p.gif)');
    const imgs = [...root.querySelectorAll('img')];
    expect(imgs).toHaveLength(1);
    expect(imgs[0]?.getAttribute('src')).toBe('/media/a.webp');
    const link = root.querySelector('a[href="https://tracker.example/p.gif"]');
    expect(link?.textContent).toBe('there');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});
