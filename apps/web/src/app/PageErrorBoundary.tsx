/**
 * Navigation errors (a page whose chunk failed to load twice, a page that crashed while rendering)
 * are logged and replaced by a short message with a reload button. Keyed by path by its parent,
 * so navigating elsewhere starts afresh.
 */
import { Component, type ReactNode } from 'react';
import { RouteErrorMessage } from './RouteErrorMessage.tsx';

export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error('Navigation error', error);
  }

  override render() {
    return this.state.error ? <RouteErrorMessage /> : this.props.children;
  }
}
