/**
 * Username (once every 30 days), bio, links and the displayed role. Save sends only what changed
 * (PATCH /api/me), so an unchanged username never counts as a change.
 */
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  accountUpdateSchema,
  limits,
  type AccountUpdate,
  type CurrentUser,
  type RoleId,
} from '@atelier/shared';
import { useUpdateMe } from '../../api/me.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { issuesToFieldErrors, serverFieldErrors } from '../../components/errors.ts';
import { FormError } from '../../components/FormError.tsx';
import { compactLinks, LinksField } from '../../components/LinksField.tsx';
import { RoleLabel } from '../../components/RoleLabel.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { useFieldErrors } from '../../components/useFieldErrors.ts';
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

export function ProfileSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const format = useDateFormat();
  const update = useUpdateMe();
  const fields = useFieldErrors();
  const [username, setUsername] = useState(user.username);
  const [bio, setBio] = useState(user.bio);
  const [links, setLinks] = useState<string[]>(user.links.length > 0 ? user.links : ['']);
  const [displayedRole, setDisplayedRole] = useState<RoleId>(user.displayedRole);
  const lockedUntil = nextUsernameChange(user);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const compact = compactLinks(links);
    const changes: AccountUpdate = {};
    if (username.trim() !== user.username) changes.username = username;
    if (bio !== user.bio) changes.bio = bio;
    if (compact.values.join('\n') !== user.links.join('\n')) changes.links = compact.values;
    if (displayedRole !== user.displayedRole) changes.displayedRole = displayedRole;
    const parsed = accountUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      fields.setErrors(compact.remap(issuesToFieldErrors(parsed.error.issues)));
      return;
    }
    fields.clear();
    if (Object.keys(parsed.data).length === 0) {
      snackbar({ message: t('account.nothingToSave') });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setUsername(saved.username);
        setLinks(saved.links.length > 0 ? saved.links : ['']);
        snackbar({ message: t('account.saved'), color: 'success' });
      },
      onError: (err) => fields.setErrors(compact.remap(serverFieldErrors(err))),
    });
  };

  const usernameHint = lockedUntil
    ? t('account.usernameLocked', { date: format.date(lockedUntil.toISOString()) })
    : t('account.usernameRule', { days: limits.usernameChangeDays });

  return (
    <Section id="account-profile" title={t('account.profileTitle')}>
      <form noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <FormError error={update.error} />
          <TextField
            label={t('fields.username')}
            autoComplete="username"
            value={username}
            disabled={lockedUntil !== null}
            onChange={(e) => {
              setUsername(e.target.value);
              fields.clear('username');
            }}
            error={Boolean(fields.message('username'))}
            helperText={fields.message('username') ?? usernameHint}
          />
          <TextField
            label={t('account.bio')}
            multiline
            minRows={3}
            value={bio}
            onChange={(e) => {
              setBio(e.target.value);
              fields.clear('bio');
            }}
            error={Boolean(fields.message('bio'))}
            helperText={
              fields.message('bio') ??
              t('common.counter', { count: bio.length, max: limits.bioMax })
            }
            slotProps={{ htmlInput: { maxLength: limits.bioMax } }}
          />
          <LinksField
            legend={t('account.links')}
            links={links}
            max={limits.linksMax}
            onChange={(next) => {
              setLinks(next);
              fields.setErrors((prev) =>
                Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith('links'))),
              );
            }}
            errorFor={(i) => fields.message(`links.${i}`)}
            listError={fields.message('links')}
          />
          <FormControl
            fullWidth
            error={Boolean(fields.message('displayedRole'))}
            disabled={user.roles.length < 2}
          >
            <InputLabel id="displayed-role-label">{t('account.displayedRole')}</InputLabel>
            <Select
              labelId="displayed-role-label"
              label={t('account.displayedRole')}
              value={displayedRole}
              onChange={(e) => {
                setDisplayedRole(e.target.value);
                fields.clear('displayedRole');
              }}
              aria-describedby="displayed-role-hint"
              renderValue={(value) => <RoleLabel role={value} variant="body1" />}
            >
              {user.roles.map((role) => (
                <MenuItem key={role} value={role}>
                  <RoleLabel role={role} variant="body1" />
                </MenuItem>
              ))}
            </Select>
            <FormHelperText id="displayed-role-hint">
              {fields.message('displayedRole') ?? t('account.displayedRoleHint')}
            </FormHelperText>
          </FormControl>
          <div>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {t('account.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Section>
  );
}
