/**
 * The application: the type of account asked for, two answers and up to a few links. Checked with
 * the shared schema of POST /api/applications before sending (the links without their empty
 * fields, as sent); a link's error, found here or by the server, shows on the field where it stands.
 */
import { z } from 'zod';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { TextInput } from '../../components/TextInput.tsx';
import Typography from '@mui/material/Typography';
import { applicationSchema, limits, requestedTypes, type Application } from '@atelier/shared';
import { useSubmitApplication } from '../../api/applications.ts';
import { ApiError } from '../../api/client.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { checkOnFields } from '../../components/checkOnFields.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { FormError } from '../../components/FormError.tsx';
import { compactLinks, FormLinksField } from '../../components/LinksField.tsx';
import { Page } from '../../components/Page.tsx';
import { RadioField } from '../../components/RadioField.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { useZodForm } from '../../components/useZodForm.ts';

/**
 * The form as typed (no type chosen yet, links with their empty fields), whose output is the
 * request checked by the shared schema; its errors are moved back onto the fields on screen.
 */
export const applicationFormSchema = z
  .object({
    requestedType: z.string(),
    aboutYou: z.string(),
    whyJoin: z.string(),
    links: z.array(z.string()),
  })
  .transform(({ requestedType, aboutYou, whyJoin, links }, ctx) => {
    const compact = compactLinks(links);
    return checkOnFields(
      applicationSchema,
      { requestedType: requestedType || undefined, aboutYou, whyJoin, links: compact.values },
      ctx,
      compact.remap,
    );
  });

export function ApplicationForm({ previous }: { previous: Application | null }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const format = useDateFormat();
  const submitApplication = useSubmitApplication();
  const form = useZodForm(
    applicationFormSchema,
    { requestedType: '', aboutYou: '', whyJoin: '', links: [''] },
    // The server numbers the links it was sent, without the empty fields.
    { serverFields: (errors, values) => compactLinks(values.links).remap(errors) },
  );
  const [aboutYou, whyJoin] = useWatch({ control: form.control, name: ['aboutYou', 'whyJoin'] });

  const submit = form.submit(async (application) => {
    await submitApplication.mutateAsync(application);
    snackbar({ message: t('application.submitted'), color: 'success' });
  });

  const reapplyAt = form.error instanceof ApiError ? form.error.fields.reapplyAt : undefined;
  const answers = { aboutYou, whyJoin };
  const counter = (value: string) =>
    t('common.counter', { count: value.length, max: limits.applicationAnswerMax });
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
        <RadioField
          control={form.control}
          name="requestedType"
          labelId="requested-type-label"
          label={t('application.requestedType')}
          labelSx={{ fontWeight: 600, mb: 0.5 }}
          options={requestedTypes.map((type) => ({
            value: type,
            label: t(`application.types.${type}`),
          }))}
          error={Boolean(typeMessage)}
        >
          <FormHelperText>{typeMessage ?? t('application.requestedTypeHint')}</FormHelperText>
        </RadioField>
        {(['aboutYou', 'whyJoin'] as const).map((name) => (
          <TextInput
            key={name}
            label={t(`application.${name}`)}
            multiline
            minRows={4}
            {...form.field(name, counter(answers[name]))}
            maxLength={limits.applicationAnswerMax}
          />
        ))}
        <FormLinksField
          form={form}
          name="links"
          legend={t('application.links')}
          max={limits.applicationLinksMax}
          onEdit={() => form.clearErrors('links')}
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
