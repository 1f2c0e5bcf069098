import { createContext, useContext } from 'react';

export type FeedbackColor = 'info' | 'success' | 'warning' | 'error';

export interface SnackbarRequest {
  message: string;
  color?: FeedbackColor;
  timeout?: number;
}

export const SnackbarContext = createContext<{ show: (req: SnackbarRequest) => void } | null>(null);

export function useSnackbar(): (req: SnackbarRequest) => void {
  const ctx = useContext(SnackbarContext);
  if (!ctx) throw new Error('useSnackbar outside SnackbarProvider');
  return ctx.show;
}

export interface ConfirmRequest {
  title?: string;
  message: string;
  confirmText: string;
  confirmColor?: 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success';
}

export const ConfirmContext = createContext<{
  confirm: (req: ConfirmRequest) => Promise<boolean>;
} | null>(null);

/** Asks the person to confirm; resolves true on confirm, false on cancel. */
export function useConfirm(): (req: ConfirmRequest) => Promise<boolean> {
  const ctx = useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm outside ConfirmProvider');
  return ctx.confirm;
}
