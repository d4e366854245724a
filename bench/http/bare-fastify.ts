/**
 * The yardstick of `npm run bench:http`: Fastify 5 with nothing of ours, answering `{ ok: true }`,
 * run as its own process on loopback like the real server, so the two are measured the same way.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
if (address && typeof address === 'object') console.log(`listening ${address.port}`);
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
