/**
 * Username (once every 30 days), bio, links and the displayed role. Save sends only what changed
 * (PATCH /api/me), so an unchanged username never counts as a change: the form's schema takes
 * what differs from the account and checks it with the shared `accountUpdateSchema`.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../components/TextInput.tsx';
import {
  accountUpdateSchema,
  limits,
  roleIdSchema,
  type AccountUpdate,
  type CurrentUser,
} from '@atelier/shared';
import { useUpdateMe } from '../../api/me.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { checkOnFields } from '../../components/checkOnFields.ts';
import { FormError } from '../../components/FormError.tsx';
import { compactLinks, FormLinksField } from '../../components/LinksField.tsx';
import { RoleLabel } from '../../components/RoleLabel.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { useZodForm } from '../../components/useZodForm.ts';
import { Section } from './Section.tsx';

const dayMs = 24 * 60 * 60 * 1000;

/** When the username may change again, or null when it may change now. */
export function nextUsernameChange(
  user: Pick<CurrentUser, 'usernameChangedTimestamp'>,
  now = Date.now(),
): Date | null {
  if (!user.usernameChangedTimestamp) return null;
  const next = Date.parse(user.usernameChangedTimestamp) + limits.usernameChangeDays * dayMs;
  return next > now ? new Date(next) : null;
}

/**
 * The profile form as typed (links with their empty fields), whose output is what differs from
 * `user` (the links without the empty ones), checked by the shared schema of PATCH /api/me; a
 * link's error goes back to the field where it stands on screen.
 */
export function profileSchema(user: CurrentUser) {
  return z
    .object({
      username: z.string(),
      bio: z.string(),
      links: z.array(z.string()),
      displayedRole: roleIdSchema,
    })
    .transform(({ username, bio, links, displayedRole }, ctx) => {
      const compact = compactLinks(links);
      const changes: AccountUpdate = {};
      if (username.trim() !== user.username) changes.username = username;
      if (bio !== user.bio) changes.bio = bio;
      if (compact.values.join('\n') !== user.links.join('\n')) changes.links = compact.values;
      if (displayedRole !== user.displayedRole) changes.displayedRole = displayedRole;
      return checkOnFields(accountUpdateSchema, changes, ctx, compact.remap);
    });
}

const shownLinks = (links: string[]) => (links.length > 0 ? links : ['']);

export function ProfileSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const format = useDateFormat();
  const update = useUpdateMe();
  const schema = useMemo(() => profileSchema(user), [user]);
  const form = useZodForm(
    schema,
    {
      username: user.username,
      bio: user.bio,
      links: shownLinks(user.links),
      displayedRole: user.displayedRole,
    },
    // The server numbers the links it was sent, without the empty fields.
    { serverFields: (errors, values) => compactLinks(values.links).remap(errors) },
  );
  const bio = useWatch({ control: form.control, name: 'bio' });
  const lockedUntil = nextUsernameChange(user);

  const submit = form.submit(async (changes) => {
    if (Object.keys(changes).length === 0) {
      snackbar({ message: t('account.nothingToSave') });
      return;
    }
    const saved = await update.mutateAsync(changes);
    form.setValue('username', saved.username);
    form.setValue('links', shownLinks(saved.links));
    snackbar({ message: t('account.saved'), color: 'success' });
  });

  const usernameHint = lockedUntil
    ? t('account.usernameLocked', { date: format.date(lockedUntil.toISOString()) })
    : t('account.usernameRule', { days: limits.usernameChangeDays });
  const roleMessage = form.message('displayedRole');

  return (
    <Section id="account-profile" title={t('account.profileTitle')}>
      <form noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <FormError error={form.error} />
          <TextInput
            label={t('fields.username')}
            autoComplete="username"
            disabled={lockedUntil !== null}
            {...form.field('username', usernameHint)}
          />
          <TextInput
            label={t('account.bio')}
            multiline
            minRows={3}
            {...form.field('bio', t('common.counter', { count: bio.length, max: limits.bioMax }))}
            maxLength={limits.bioMax}
          />
          <FormLinksField
            form={form}
            name="links"
            legend={t('account.links')}
            max={limits.linksMax}
          />
          <FormControl fullWidth error={Boolean(roleMessage)} disabled={user.roles.length < 2}>
            <InputLabel id="displayed-role-label">{t('account.displayedRole')}</InputLabel>
            <Controller
              control={form.control}
              name="displayedRole"
              render={({ field }) => (
                <Select
                  labelId="displayed-role-label"
                  label={t('account.displayedRole')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  aria-describedby="displayed-role-hint"
                  renderValue={(value) => <RoleLabel role={value} variant="body1" />}
                >
                  {user.roles.map((role) => (
                    <MenuItem key={role} value={role}>
                      <RoleLabel role={role} variant="body1" />
                    </MenuItem>
                  ))}
                </Select>
              )}
            />
            <FormHelperText id="displayed-role-hint">
              {roleMessage ?? t('account.displayedRoleHint')}
            </FormHelperText>
          </FormControl>
          <div>
            <Button type="submit" variant="contained" disabled={form.pending}>
              {t('account.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Section>
  );
}
