/**
 * The bulk of `npm run bench:live`'s sockets, in a process of their own (bench/live.ts forks it).
 *
 * With every client in the measuring process, its event loop parsed each broadcast once per
 * socket (a comment's `home:changed` reaches every socket with access) and the
 * `notification:new` being timed waited behind that work: the bench measured its own client. Here
 * the sampled recipients stay in the parent; this child opens the others (alternately on each
 * node, as the parent does), reports when they are all open, and closes them when told.
 *
 * Messages: in `{ type: 'open', baseUrls, cookies, offset }` (socket i of `cookies` goes to node
 * (offset + i) % nodes); out `{ type: 'opened' }` or `{ type: 'failed', error }`; in
 * `{ type: 'close' }` → every socket disconnects and the process exits.
 */
import { io as connect, type Socket } from 'socket.io-client';

interface OpenMessage {
  type: 'open';
  baseUrls: string[];
  cookies: string[];
  offset: number;
}
type Message = OpenMessage | { type: 'close' };

const sockets: Socket[] = [];

function open(baseUrl: string, cookie: string): Promise<Socket> {
  const socket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
    extraHeaders: { origin: baseUrl, cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

async function openAll({ baseUrls, cookies, offset }: OpenMessage) {
  const batch = 100;
  for (let i = 0; i < cookies.length; i += batch) {
    const opened = await Promise.all(
      cookies.slice(i, i + batch).map((cookie, j) => {
        const baseUrl = baseUrls[(offset + i + j) % baseUrls.length];
        if (baseUrl === undefined) throw new Error('bench:live clients: no node');
        return open(baseUrl, cookie);
      }),
    );
    sockets.push(...opened);
  }
}

process.on('message', (message: Message) => {
  if (message.type === 'open') {
    openAll(message).then(
      () => process.send?.({ type: 'opened' }),
      (err: unknown) => process.send?.({ type: 'failed', error: String(err) }),
    );
  } else {
    for (const s of sockets) s.disconnect();
    process.exit(0);
  }
});
// The parent gone (it failed or was stopped): nothing left to measure.
process.on('disconnect', () => process.exit(0));
