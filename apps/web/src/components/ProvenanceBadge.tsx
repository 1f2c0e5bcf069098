/**
 * How a work was made (human, AI-assisted, AI-generated, composite, fake): a chip (MUI's outlined
 * Chip, as plain elements: chip.module.css) in the provenance's colour, with an explanation.
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import type { Provenance } from '@atelier/shared';
import { LazyTooltip } from './LazyTooltip.tsx';
import chip from './chip.module.css';

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
      <div
        className={`${chip.chip} ${chip.outlined} ${size === 'small' ? chip.small : ''} ${chip.provenance}`}
        // Focusable, so that a keyboard reaches the explanation (the tooltip opens on focus).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        data-provenance={provenance}
        style={{ color, borderColor: color }}
      >
        <span className={chip.label}>{t(`provenance.${provenance}`)}</span>
      </div>
    </LazyTooltip>
  );
}
