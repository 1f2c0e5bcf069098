/**
 * A real SMTP server in its own process, for smtp.test.ts (the `smtp-server` package by
 * Nodemailer's authors). Environment:
 *   SMTP_PORT     port to listen on (0 → any free one)
 *   SMTP_OUT_DIR  each accepted message is written there as <time>-<n>-<recipient>.eml (LF line
 *                 ends, the format of the .eml files the server writes), before the 250 reply
 *   SMTP_REJECT   a reply code (e.g. 550 or 451): every recipient is refused with it
 * Prints `listening <port>` on stdout once it accepts connections; SIGTERM closes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const outDir = process.env.SMTP_OUT_DIR;
if (!outDir) throw new Error('SMTP_OUT_DIR is required');
fs.mkdirSync(outDir, { recursive: true });
const reject = process.env.SMTP_REJECT ? Number(process.env.SMTP_REJECT) : undefined;
let count = 0;

const server = new SMTPServer({
  // Plain SMTP on localhost: no STARTTLS (a self-signed certificate would be refused), no login.
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (reject === undefined) {
      callback();
      return;
    }
    const err = new Error(`refused by the test server (${reject})`) as Error & {
      responseCode: number;
    };
    err.responseCode = reject;
    callback(err);
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n');
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      count += 1;
      const name = `${Date.now()}-${count}-${to.replace(/[^A-Za-z0-9@._+-]/g, '_')}.eml`;
      fs.writeFileSync(path.join(outDir, name), raw);
      callback();
    });
  },
});

server.on('error', (err) => {
  process.stderr.write(`smtp-server error: ${err.message}\n`);
});

server.listen(Number(process.env.SMTP_PORT ?? 0), '127.0.0.1', () => {
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`listening ${port}\n`);
});

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
});
