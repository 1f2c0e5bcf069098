/**
 * Admin CLI: `npm run admin -- grant moderator EMAIL`, `revoke moderator EMAIL`,
 * `grant member EMAIL` (any role that gives access), `mail` (the mail outbox's pending and parked
 * mail), `mail requeue [ID…]` (parked mail back in the queue). Opens the same database as the server:
 * DATABASE_URL, else the PGlite directory DATA_DIR/db — which it cannot open while the server
 * runs on it (the data directory lock), and says so.
 */
import { isRoleId } from '@atelier/shared';
import { changeRole, CliError, cliRoles } from './roles.ts';
import { mailCommandRun } from './mail.ts';
import { cliFail as fail, loadConfigOrFail, openCliDatabase } from '../lib/startup.ts';

const usage = `Usage:
  npm run admin -- grant <role> <email>    give a role (e.g. moderator, member)
  npm run admin -- revoke <role> <email>   take a role away
  npm run admin -- mail                    list the mail not sent yet (pending and parked)
  npm run admin -- mail requeue [id ...]   put parked mail (all, or these ids) back in the queue
Roles: ${cliRoles.join(', ')}
The database is DATABASE_URL, or the embedded one in DATA_DIR/db (stop the server first).`;

const [action, role, email, ...extra] = process.argv.slice(2);
if (action === 'help' || action === '--help' || action === '-h') {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const mailCommand = action === 'mail';
if (mailCommand) {
  const ids = [email, ...extra].filter((a): a is string => a !== undefined);
  if (
    (role !== undefined && role !== 'requeue') ||
    (role === undefined && ids.length > 0) ||
    ids.some((id) => !/^\d+$/.test(id))
  )
    fail(usage, 64);
} else if ((action !== 'grant' && action !== 'revoke') || !role || !email || extra.length)
  fail(usage, 64);
if (!mailCommand && !isRoleId(role ?? ''))
  fail(`Unknown role "${role}". Roles: ${cliRoles.join(', ')}.`, 64);

const config = loadConfigOrFail(fail);
const database = await openCliDatabase(config, fail, 'this command');

if (mailCommand) {
  try {
    await mailCommandRun(database.db, role, [email, ...extra].filter(Boolean).map(Number));
  } catch (err) {
    await database.close();
    fail(`Failed: ${(err as Error).message}`);
  }
  await database.close();
  process.exit(0);
}

try {
  // Checked above; repeated so that the types follow.
  if ((action !== 'grant' && action !== 'revoke') || !role || !email || !isRoleId(role))
    fail(usage, 64);
  const result = await changeRole(database.db, action, role, email);
  const verb = action === 'grant' ? 'granted' : 'revoked';
  process.stdout.write(
    result.changed
      ? `${role} ${verb}: ${result.email} now holds ${result.roles.join(', ')} (shown as ${result.displayedRole}).\n`
      : `Nothing to change: ${result.email} holds ${result.roles.join(', ')}.\n`,
  );
} catch (err) {
  await database.close();
  fail(err instanceof CliError ? err.message : `Failed: ${(err as Error).message}`);
}
await database.close();
