/**
 * App-wide snackbar (seed: message, colour default info, timeout default 5000 ms).
 * `useSnackbar()` returns `show({ message, color?, timeout? })`. The MUI parts load on first use.
 */
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { limits } from '@atelier/shared';
import { SnackbarContext, type SnackbarRequest } from './context.ts';
import type { ShownSnackbar } from './SnackbarView.tsx';

const SnackbarView = lazy(() => import('./SnackbarView.tsx'));

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownSnackbar | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((req: SnackbarRequest) => {
    setCurrent((prev) => ({
      message: req.message,
      color: req.color ?? 'info',
      timeout: req.timeout ?? limits.snackbarTimeoutMs,
      key: (prev?.key ?? 0) + 1,
    }));
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ show }), [show]);

  return (
    <SnackbarContext value={value}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <SnackbarView shown={current} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </SnackbarContext>
  );
}
