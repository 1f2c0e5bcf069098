/** The baseline: a bare Fastify hello-world, in its own process like the real app. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`BENCH_READY ${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
