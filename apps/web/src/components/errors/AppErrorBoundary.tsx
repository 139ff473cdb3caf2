import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorFallback } from "./ErrorFallback";
import { installGlobalErrorHandlers } from "./global-errors";

interface AppErrorBoundaryProps {
  children: ReactNode;
}

interface AppErrorBoundaryState {
  error: Error | null;
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/**
 * Catches render errors below it and, through the global handlers, uncaught errors and
 * unhandled rejections anywhere in the page, and shows the fallback screen for both.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null };
  private uninstall: (() => void) | undefined;

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error: toError(error) };
  }

  override componentDidMount(): void {
    this.uninstall = installGlobalErrorHandlers((error) => {
      this.setState((state) => (state.error ? state : { error }));
    });
  }

  override componentWillUnmount(): void {
    this.uninstall?.();
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("[parley] render error", error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
