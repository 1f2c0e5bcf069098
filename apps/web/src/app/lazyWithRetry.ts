/**
 * Lazy pages that survive a deploy (seed): when a page's chunk fails to load ("Failed to fetch
 * dynamically imported module"), the page reloads once, remembered by a local-storage flag that
 * the shell clears after a successful navigation. A second failure is only logged (and rethrown so
 * the router shows its error page).
 */
export const reloadFlagKey = 'lazyReloaded';

export interface RetryEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  log: (message: string, error: unknown) => void;
}

const browserEnv: RetryEnv = {
  get storage() {
    return window.localStorage;
  },
  reload: () => window.location.reload(),
  log: (message, error) => console.error(message, error),
};

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return chunkErrorPatterns.some((pattern) => pattern.test(message));
}

function flagSet(env: RetryEnv): boolean {
  try {
    return env.storage.getItem(reloadFlagKey) !== null;
  } catch {
    return true; // Without storage we cannot remember a reload: never risk a reload loop.
  }
}

export function lazyWithRetry<T>(
  load: () => Promise<T>,
  env: RetryEnv = browserEnv,
): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && !flagSet(env)) {
        env.storage.setItem(reloadFlagKey, '1');
        env.reload();
        // The page is going away; never settle, so nothing renders an error in the meantime.
        return new Promise<T>(() => undefined);
      }
      env.log('Lazy page failed to load', error);
      throw error;
    }
  };
}

export function clearReloadFlag(storage: Pick<Storage, 'removeItem'> = window.localStorage): void {
  try {
    storage.removeItem(reloadFlagKey);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}
