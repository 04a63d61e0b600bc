/**
 * The reference of the API benchmarks: a Fastify hello-world as its own process, started the way
 * the deployables are (`node --import tsx`), listening on PORT (127.0.0.1).
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
process.stdout.write(`hello-world listening on ${address}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
