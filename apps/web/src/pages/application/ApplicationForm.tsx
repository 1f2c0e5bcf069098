import { Controller } from 'react-hook-form';
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
import { FormCard } from '../../components/FormCard.tsx';
import { FormError } from '../../components/FormError.tsx';
import { compactLinks, LinksField, linksInputSchema } from '../../components/LinksField.tsx';
import { Page } from '../../components/Page.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { useZodForm } from '../../components/useZodForm.ts';

/** What the form holds: the shared schema, with link fields that may be left empty. */
const formSchema = applicationSchema.extend({
  links: linksInputSchema(limits.applicationLinksMax),
});

export function ApplicationForm({ previous }: { previous: Application | null }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const format = useDateFormat();
  const submitApplication = useSubmitApplication();
  const form = useZodForm(
    formSchema,
    { requestedType: '' as RequestedType, aboutYou: '', whyJoin: '', links: [''] },
    // The server names links by their place in the list sent (empty fields left out).
    { serverFields: (errors, values) => compactLinks(values.links).remap(errors) },
  );
  const submit = form.submit(async (input) => {
    await submitApplication.mutateAsync(input);
    snackbar({ message: t('application.submitted'), color: 'success' });
  });
  const aboutYou = form.register('aboutYou');
  const whyJoin = form.register('whyJoin');
  const aboutLength = (form.watch('aboutYou') ?? '').length;
  const whyLength = (form.watch('whyJoin') ?? '').length;

  const reapplyAt = form.error instanceof ApiError ? form.error.fields.reapplyAt : undefined;
  const counter = (length: number) =>
    t('common.counter', { count: length, max: limits.applicationAnswerMax });
  const typeMessage = form.message('requestedType');

  return (
    <Page title={t('application.title')} intro={t('application.intro')} width="medium">
      {previous?.state === 'rejected' ? (
        <Alert severity="info">{t('application.again')}</Alert>
      ) : null}
      <FormCard onSubmit={submit}>
        <FormError error={form.error} />
        {reapplyAt ? (
          <Typography color="error">
            {t('application.reapplyOn', { date: format.date(reapplyAt) })}
          </Typography>
        ) : null}
        <FormControl error={Boolean(typeMessage)}>
          <FormLabel id="requested-type-label" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('application.requestedType')}
          </FormLabel>
          <Controller
            control={form.control}
            name="requestedType"
            render={({ field }) => (
              <RadioGroup
                aria-labelledby="requested-type-label"
                name={field.name}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
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
            )}
          />
          <FormHelperText>{typeMessage ?? t('application.requestedTypeHint')}</FormHelperText>
        </FormControl>
        <TextField
          {...aboutYou}
          inputRef={aboutYou.ref}
          label={t('application.aboutYou')}
          multiline
          minRows={4}
          error={Boolean(form.message('aboutYou'))}
          helperText={form.message('aboutYou') ?? counter(aboutLength)}
          slotProps={{ htmlInput: { maxLength: limits.applicationAnswerMax } }}
        />
        <TextField
          {...whyJoin}
          inputRef={whyJoin.ref}
          label={t('application.whyJoin')}
          multiline
          minRows={4}
          error={Boolean(form.message('whyJoin'))}
          helperText={form.message('whyJoin') ?? counter(whyLength)}
          slotProps={{ htmlInput: { maxLength: limits.applicationAnswerMax } }}
        />
        <Controller
          control={form.control}
          name="links"
          render={({ field }) => (
            <LinksField
              legend={t('application.links')}
              links={field.value}
              max={limits.applicationLinksMax}
              onChange={(next) => {
                field.onChange(next);
                form.clearErrors('links');
              }}
              errorFor={(i) => form.message(`links.${i}`)}
              listError={form.message('links')}
            />
          )}
        />
        <div>
          <Button type="submit" variant="contained" size="large" disabled={form.pending}>
            {t('application.submit')}
          </Button>
        </div>
      </FormCard>
    </Page>
  );
}
