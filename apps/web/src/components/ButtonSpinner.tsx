/**
 * MUI's loading Button: its 16 px spinner in the middle, over the label the shell sheet's
 * `.loading` makes transparent; named by the button (`labelledBy`, its id).
 */
import { CircularProgress } from './CircularProgress.tsx';
import buttons from './buttons.module.css';

export function ButtonSpinner({ labelledBy }: { labelledBy: string }) {
  return (
    <span className={buttons.loadingIndicator}>
      <CircularProgress className={buttons.progress} aria-labelledby={labelledBy} />
    </span>
  );
}
