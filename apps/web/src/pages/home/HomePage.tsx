/** /: the map of sections (names and descriptions in the interface language). */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isLanguage, type Section } from '@atelier/shared';
import { ApiError } from '../../api/client.ts';
import { useSections } from '../../api/sections.ts';
import { translateError } from '../../components/errors.ts';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';

export default function HomePage() {
  const { t } = useTranslation();
  const sections = useSections();
  return (
    <Page title={t('home.title')} intro={t('home.intro')}>
      {sections.isPending ? <PageSpinner /> : null}
      {sections.isError ? <Alert severity="error">{translateError(t, sections.error instanceof ApiError ? sections.error.code : null)}</Alert> : null}
      {sections.data ? (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {sections.data.map((section) => (
            <Grid key={section.slug} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <SectionCard section={section} />
            </Grid>
          ))}
        </Grid>
      ) : null}
    </Page>
  );
}

function SectionCard({ section }: { section: Section }) {
  const { t, i18n } = useTranslation();
  const lng = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={`/sections/${section.slug}`} sx={{ height: '100%', alignItems: 'stretch' }}>
        <CardContent sx={{ p: 3, height: '100%' }}>
          <Stack spacing={1.5} sx={{ height: '100%' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="h6" component="h2">
                {section.name[lng] || section.name.en}
              </Typography>
              <Chip size="small" label={t(`home.sectionTypes.${section.type}`)} />
            </Stack>
            <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
              {section.description[lng] || section.description.en}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('home.postCount', { count: section.postCount })}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
