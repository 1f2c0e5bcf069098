/**
 * Hands one mail to the outside world. SMTP_URL set → nodemailer SMTP transport. Otherwise each
 * message is written as an .eml file into DATA_DIR/mail/<timestamp>-<to>.eml (nodemailer's stream
 * transport builds the raw message) and its link is logged, so a local install works without a
 * mail server. The outbox (outbox.ts) calls it; nothing else should.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries, logged for local installs. */
  link: string;
}

export interface MailTransport {
  /** Resolves once the relay accepted the message (or the file is written); throws otherwise. */
  deliver(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * nodemailer is loaded with the first mail: an idle server need not hold it. The server is bundled
 * with its packages external, so this import stays lazy in the build too.
 */
function lazyTransport(options: Record<string, unknown>) {
  let transport: Promise<Transporter<unknown>> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(options))),
    close: () => void transport?.then((t) => t.close()),
  };
}

/** Timeouts of the SMTP conversation (nodemailer's defaults wait up to 10 minutes). */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function createTransport(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  log: FastifyBaseLogger,
): MailTransport {
  /** The mail from MAIL_FROM, handed to `transport` (what it answers is the transport's own). */
  const send = async (transport: ReturnType<typeof lazyTransport>, mail: Mail) =>
    (await transport.get()).sendMail({
      from: config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  if (config.SMTP_URL) {
    const transport = lazyTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
    return {
      async deliver(mail) {
        await send(transport, mail);
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(config.DATA_DIR, 'mail');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail) {
      const info = (await send(transport, mail)) as { message?: unknown };
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('the stream transport did not return a buffer');
      await fs.mkdir(dir, { recursive: true });
      const file = await writeUnique(dir, mail.to, raw);
      log.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, 'mail written');
    },
    close: () => transport.close(),
  };
}

/** Writes `<timestamp>-<to>.eml`, moving the timestamp on by a millisecond if the name is taken. */
async function writeUnique(dir: string, to: string, message: Buffer): Promise<string> {
  const safeTo = to.replace(/[^A-Za-z0-9@._+-]/g, '_');
  for (let time = Date.now(); ; time += 1) {
    const file = path.join(dir, `${time}-${safeTo}.eml`);
    try {
      await fs.writeFile(file, message, { flag: 'wx' });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * A refusal that retrying cannot fix: an SMTP 5xx reply (unknown mailbox, message refused).
 * Connection errors, timeouts and 4xx replies are temporary.
 */
export function isPermanentFailure(err: unknown): boolean {
  const code =
    typeof err === 'object' && err !== null && 'responseCode' in err
      ? Number(err.responseCode)
      : NaN;
  return code >= 500 && code < 600;
}
