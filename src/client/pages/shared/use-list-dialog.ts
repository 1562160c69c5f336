import { useState } from 'react';

/**
 * A page's dialog opened for something on its list (a role, a top menu, an upload):
 * what it works on, `close`, and `done`, which closes it and reloads the list.
 */
export function useListDialog<T>() {
  const [state, setState] = useState<{ target: T; reload: () => void }>();
  return {
    target: state?.target,
    open: (target: T, reload: () => void) => setState({ target, reload }),
    close: () => setState(undefined),
    done: () => {
      setState(undefined);
      state?.reload();
    },
  };
}
