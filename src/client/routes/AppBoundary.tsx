import i18next from 'i18next';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logRenderError } from '../chrome/error-log/capture-errors';

interface State {
  hasError: boolean;
}

/**
 * The outermost error boundary: an error outside any page (the chrome itself) is stored
 * in the local error log and a plain reload link replaces the broken tree.
 */
export class AppBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logRenderError(error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <div style={{ padding: 32, textAlign: 'center', fontFamily: 'sans-serif' }}>
        <h1 style={{ fontSize: 48, margin: 0 }}>500</h1>
        <a href="/">{i18next.t('chrome.reload')}</a>
      </div>
    );
  }
}
