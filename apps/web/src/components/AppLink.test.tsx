/** AppLink: a plain <a href> whose plain left click navigates in the app, as React Router's Link. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppLink, AppNavigationProvider } from './AppLink.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(ui: React.ReactNode, withProvider: boolean) {
  const routes = (
    <Routes>
      <Route
        path="*"
        element={
          <>
            {ui}
            <Where />
          </>
        }
      />
    </Routes>
  );
  return render(
    <MemoryRouter initialEntries={['/start']}>
      {withProvider ? <AppNavigationProvider>{routes}</AppNavigationProvider> : routes}
    </MemoryRouter>,
  );
}

describe.each([
  ['under the provider', true],
  ['on its own', false],
])('AppLink %s', (_name, withProvider) => {
  it('is a link to its path, and a plain click navigates in the app', () => {
    renderAt(<AppLink to="/posts/p1?x=1">The post</AppLink>, withProvider);
    const link = screen.getByRole('link', { name: 'The post' });
    expect(link.getAttribute('href')).toBe('/posts/p1?x=1');
    // fireEvent returns false when the default (loading the page) was prevented.
    expect(fireEvent.click(link, { button: 0 })).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/posts/p1?x=1');
  });

  it('leaves a click with a modifier key, or another target, to the browser', () => {
    renderAt(
      <>
        <AppLink to="/a">A</AppLink>
        <AppLink to="/b" target="_blank">
          B
        </AppLink>
      </>,
      withProvider,
    );
    const a = screen.getByRole('link', { name: 'A' });
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])
      expect(fireEvent.click(a, { button: 0, [modifier]: true })).toBe(true);
    expect(fireEvent.click(a, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'B' }), { button: 0 })).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/start');
  });

  it("calls the link's own onClick first, which may keep it from navigating", () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      <AppLink to="/c" onClick={onClick}>
        C
      </AppLink>,
      withProvider,
    );
    fireEvent.click(screen.getByRole('link', { name: 'C' }), { button: 0 });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where').textContent).toBe('/start');
  });
});
