/** The provenance select of the post filters (a section's posts, search): any, or one of them. */
import { useTranslation } from '../i18n/useTranslation.tsx';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { SxProps, Theme } from '@mui/material/styles';
import { provenances, type Provenance } from '@atelier/shared';

export const isProvenance = (v: string | null): v is Provenance =>
  (provenances as readonly string[]).includes(v ?? '');

export function ProvenanceFilter({
  labelId,
  value,
  onChange,
  sx,
}: {
  labelId: string;
  value: Provenance | undefined;
  onChange: (value: string | undefined) => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel id={labelId}>{t('provenance.filterLabel')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('provenance.filterLabel')}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <MenuItem value="">{t('provenance.any')}</MenuItem>
        {provenances.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`provenance.${p}`)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
