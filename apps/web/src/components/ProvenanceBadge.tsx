/** How a work was made (human, AI-assisted, AI-generated, composite, fake): a chip with an explanation. */
import { useTranslation } from '../i18n/useTranslation.tsx';
import Chip from '@mui/material/Chip';
import type { Provenance } from '@atelier/shared';
import { LazyTooltip } from './LazyTooltip.tsx';

export const provenanceColors: Record<Provenance, string> = {
  human: '#66bb6a',
  aiAssisted: '#29b6f6',
  aiGenerated: '#ab47bc',
  composite: '#ffa726',
  fake: '#ef5350',
};

export function ProvenanceBadge({
  provenance,
  tools,
  size = 'small',
}: {
  provenance: Provenance;
  tools?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const color = provenanceColors[provenance];
  const explanation = t(`provenance.explain.${provenance}`);
  const title = tools ? `${explanation} ${t('provenance.toolsUsed', { tools })}` : explanation;
  return (
    <LazyTooltip title={title}>
      <Chip
        size={size}
        variant="outlined"
        label={t(`provenance.${provenance}`)}
        tabIndex={0}
        data-provenance={provenance}
        sx={{ color, borderColor: color, fontWeight: 600 }}
      />
    </LazyTooltip>
  );
}
