import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  applicationSchema,
  limits,
  requestedTypes,
  type Application,
  type RequestedType,
} from '@atelier/shared';
import { useSubmitApplication } from '../../api/applications.ts';
import { ApiError } from '../../api/client.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { issuesToFieldErrors, serverFieldErrors } from '../../components/errors.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { FormError } from '../../components/FormError.tsx';
import { compactLinks, LinksField } from '../../components/LinksField.tsx';
import { Page } from '../../components/Page.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { useFieldErrors } from '../../components/useFieldErrors.ts';

export function ApplicationForm({ previous }: { previous: Application | null }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const format = useDateFormat();
  const [requestedType, setRequestedType] = useState<RequestedType | ''>('');
  const [aboutYou, setAboutYou] = useState('');
  const [whyJoin, setWhyJoin] = useState('');
  const [links, setLinks] = useState<string[]>(['']);
  const fields = useFieldErrors();
  const submitApplication = useSubmitApplication();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const compact = compactLinks(links);
    const parsed = applicationSchema.safeParse({
      requestedType: requestedType || undefined,
      aboutYou,
      whyJoin,
      links: compact.values,
    });
    if (!parsed.success) {
      fields.setErrors(compact.remap(issuesToFieldErrors(parsed.error.issues)));
      return;
    }
    fields.clear();
    submitApplication.mutate(parsed.data, {
      onSuccess: () => snackbar({ message: t('application.submitted'), color: 'success' }),
      onError: (err) => fields.setErrors(compact.remap(serverFieldErrors(err))),
    });
  };

  const reapplyAt =
    submitApplication.error instanceof ApiError
      ? submitApplication.error.fields.reapplyAt
      : undefined;
  const counter = (value: string) =>
    t('common.counter', { count: value.length, max: limits.applicationAnswerMax });

  return (
    <Page title={t('application.title')} intro={t('application.intro')} width="medium">
      {previous?.state === 'rejected' ? (
        <Alert severity="info">{t('application.again')}</Alert>
      ) : null}
      <FormCard onSubmit={submit}>
        <FormError error={submitApplication.error} />
        {reapplyAt ? (
          <Typography color="error">
            {t('application.reapplyOn', { date: format.date(reapplyAt) })}
          </Typography>
        ) : null}
        <FormControl error={Boolean(fields.message('requestedType'))}>
          <FormLabel id="requested-type-label" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('application.requestedType')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="requested-type-label"
            value={requestedType}
            onChange={(e) => {
              setRequestedType(e.target.value as RequestedType);
              fields.clear('requestedType');
            }}
          >
            {requestedTypes.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={<Radio />}
                label={t(`application.types.${type}`)}
              />
            ))}
          </RadioGroup>
          <FormHelperText>
            {fields.message('requestedType') ?? t('application.requestedTypeHint')}
          </FormHelperText>
        </FormControl>
        <TextField
          label={t('application.aboutYou')}
          multiline
          minRows={4}
          value={aboutYou}
          onChange={(e) => {
            setAboutYou(e.target.value);
            fields.clear('aboutYou');
          }}
          error={Boolean(fields.message('aboutYou'))}
          helperText={fields.message('aboutYou') ?? counter(aboutYou)}
          slotProps={{ htmlInput: { maxLength: limits.applicationAnswerMax } }}
        />
        <TextField
          label={t('application.whyJoin')}
          multiline
          minRows={4}
          value={whyJoin}
          onChange={(e) => {
            setWhyJoin(e.target.value);
            fields.clear('whyJoin');
          }}
          error={Boolean(fields.message('whyJoin'))}
          helperText={fields.message('whyJoin') ?? counter(whyJoin)}
          slotProps={{ htmlInput: { maxLength: limits.applicationAnswerMax } }}
        />
        <LinksField
          legend={t('application.links')}
          links={links}
          max={limits.applicationLinksMax}
          onChange={(next) => {
            setLinks(next);
            fields.setErrors((prev) =>
              Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith('links'))),
            );
          }}
          errorFor={(i) => fields.message(`links.${i}`)}
          listError={fields.message('links')}
        />
        <div>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitApplication.isPending}
          >
            {t('application.submit')}
          </Button>
        </div>
      </FormCard>
    </Page>
  );
}
