/**
 * App-wide confirmation dialog (seed: persistent, max width 400, Cancel plus a confirm button whose
 * colour and text come from the request). `useConfirm()` returns a function resolving to a
 * boolean. The dialog's MUI parts load on first use.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmContext, type ConfirmRequest } from './context.ts';

const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const confirm = useCallback((req: ConfirmRequest) => {
    resolver.current?.(false);
    setRequest(req);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const value = useMemo(() => ({ confirm }), [confirm]);

  const close = useCallback((result: boolean) => {
    resolver.current?.(result);
    resolver.current = null;
    setOpen(false);
  }, []);

  return (
    <ConfirmContext value={value}>
      {children}
      {request ? (
        <Suspense fallback={null}>
          <ConfirmDialog request={request} open={open} onClose={close} />
        </Suspense>
      ) : null}
    </ConfirmContext>
  );
}
