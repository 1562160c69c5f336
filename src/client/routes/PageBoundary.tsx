import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logRenderError } from '../chrome/error-log/capture-errors';
import { ErrorPage } from './error-page';

interface Props {
  children: ReactNode;
}

interface State {
  error?: unknown;
}

/**
 * Catches a page that fails to render or whose chunk fails to load, stores the error in
 * the local error log and shows the 500 page in its place; keyed by path by its parent,
 * so navigating away resets it.
 */
export class PageBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logRenderError(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorPage code={500} embedded /> : this.props.children;
  }
}
