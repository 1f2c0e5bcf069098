/** Sets (or, with no value, removes) one query parameter of the URL, replacing the history entry. */
import { useSearchParams } from 'react-router';

export function useSetSearchParam(): (name: string, value: string | undefined) => void {
  const [, setParams] = useSearchParams();
  return (name, value) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
}
