import { useEffect, useState } from 'react';
import { reportFailure } from '../../ui/report-failure';

export interface AsyncState<T> {
  data?: T;
  loading: boolean;
  failed: boolean;
}

/**
 * Data a dialog loads when it opens (fresh each time: grants change). A failed request
 * was toasted by the API client; the state says so, so the dialog can say what is missing.
 */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ loading: true, failed: false });
  useEffect(() => {
    let live = true;
    setState({ loading: true, failed: false });
    load().then(
      (data) => live && setState({ data, loading: false, failed: false }),
      (error: unknown) => {
        reportFailure(error);
        if (live) setState({ loading: false, failed: true });
      },
    );
    return () => {
      live = false;
    };
    // The caller lists what the load depends on (like useEffect's own list).
  }, deps);
  return state;
}
