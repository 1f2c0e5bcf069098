/**
 * The Markdown component inserts the server's HTML (the rules of the rendering itself are tested
 * once, in packages/shared/src/markdown/render.test.ts) and opens links of this site through the
 * router.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { renderMarkdown } from '@atelier/shared/markdown';
import { Markdown } from './Markdown.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderHtml(html: string) {
  return render(
    <MemoryRouter initialEntries={['/posts/1']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Markdown html={html} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const rel = 'rel="noopener noreferrer nofollow"';

describe('Markdown', () => {
  it('shows the rendered HTML in its styled root', () => {
    const { container } = renderHtml(
      renderMarkdown('# Title\n\n**bold** and @ana', window.location.origin),
    );
    const root = container.querySelector('.markdown');
    expect(root?.querySelector('h2')?.textContent).toBe('Title');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '@ana' })).toHaveAttribute('href', '/u/ana');
  });

  it('opens a link of this site through the router, without reloading', () => {
    renderHtml(`<p><a href="/u/ana" ${rel}>@ana</a></p>`);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      screen.getByRole('link', { name: '@ana' }).dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/u/ana');
  });

  it('leaves other sites, new tabs, modified clicks and anchors to the browser', () => {
    renderHtml(
      `<p><a href="https://example.com/" ${rel} target="_blank">out</a> <a href="/posts/2" ${rel}>in</a> <a href="#user-content-fn-1" ${rel}>1</a> <a href="//evil.example/" ${rel}>pr</a></p>`,
    );
    // Whether the component took the click, seen after it (jsdom itself navigates nowhere).
    const clicked = (name: string, init: MouseEventInit = {}) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      let taken = false;
      const after = (e: Event) => {
        taken = e.defaultPrevented;
        e.preventDefault();
      };
      document.addEventListener('click', after);
      screen.getByRole('link', { name }).dispatchEvent(event);
      document.removeEventListener('click', after);
      return taken;
    };
    expect(clicked('out')).toBe(false);
    expect(clicked('in', { ctrlKey: true })).toBe(false);
    expect(clicked('in', { metaKey: true })).toBe(false);
    expect(clicked('in', { button: 1 })).toBe(false);
    expect(clicked('1')).toBe(false);
    expect(clicked('pr')).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/posts/1');
    fireEvent.click(screen.getByRole('link', { name: 'in' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/posts/2');
  });
});
