import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../lib/error-report';

interface Props {
  fallback: ReactNode;
  onError?(error: unknown): void;
  children: ReactNode;
  /** Changing it clears a caught error (a new page gets a fresh try). */
  resetKey: string;
}

export class ErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('[page] render failed', error, info.componentStack);
    reportError('render-error', error);
    this.props.onError?.(error);
  }

  override render() {
    return this.state.error !== null ? this.props.fallback : this.props.children;
  }
}
