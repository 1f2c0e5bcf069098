/**
 * A form's shared Zod schema, given as itself or as a loader (`() => import('./formSchemas.ts')
 * .then((m) => m.x)`): Zod (27 KB gzip) then loads after the first screen, not before it. Loaded
 * schemas are shared by every form using the same loader; a failed load is tried again.
 */
export type SchemaSource<S> = S | (() => Promise<S>);

const loadedSchemas = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

/** The schema of a loader (loading it once). */
export function loadSchema<S>(load: () => Promise<S>): Promise<S> {
  let loading = loadedSchemas.get(load) as Promise<S> | undefined;
  if (!loading) {
    loading = load();
    loadedSchemas.set(load, loading);
    loading.catch(() => loadedSchemas.delete(load));
  }
  return loading;
}

/** Whether a loader's schema has been asked for already (it may still be on its way). */
export function schemaRequested(load: () => Promise<unknown>): boolean {
  return loadedSchemas.has(load);
}
