import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { contentWidth } from '../theme.ts';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 'auto', py: 3 }}>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ width: contentWidth, mx: 'auto', px: { xs: 2, md: 3 }, textAlign: 'center' }}
      >
        {t('footerDisclaimer')}
      </Typography>
    </Box>
  );
}
