import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../lib/error-report';

interface Props {
  /** What stands in once something below threw: fixed, or made from what was thrown. */
  fallback: ReactNode | ((error: unknown) => ReactNode);
  onError?(error: unknown): void;
  children: ReactNode;
  /** Changing it clears a caught error (a new page gets a fresh try). */
  resetKey: string;
  /** The theme whose code is below, named in the report. */
  theme?: string;
}

interface State {
  caught: boolean;
  error: unknown;
  key: string;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { caught: false, error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { caught: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.resetKey !== state.key ? { caught: false, error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn(`[page] ${this.props.theme ? `theme ${this.props.theme} ` : ''}render failed`, error, info.componentStack);
    reportError('render-error', error, this.props.theme);
    this.props.onError?.(error);
  }

  override render() {
    if (!this.state.caught) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.state.error) : fallback;
  }
}
