/** The home's status updates under their heading: the composer, then the latest updates. */
import type { StatusUpdate } from '@atelier/shared';
import { StatusUpdateComposer } from '../../components/status-updates/StatusUpdateComposer.tsx';
import { StatusUpdateList } from '../../components/status-updates/StatusUpdateList.tsx';

export default function StatusColumn({ items }: { items: StatusUpdate[] }) {
  return (
    <>
      <StatusUpdateComposer />
      <StatusUpdateList items={items} />
    </>
  );
}
