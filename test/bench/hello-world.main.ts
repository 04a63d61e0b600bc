/**
 * The reference of the API benchmarks: a Fastify hello-world as its own process, started the way
 * the deployables are (`node --import tsx`), listening on PORT (127.0.0.1). With PAGE_FILE (a JSON
 * file), `/page` answers that object, serialised with each request: what answering a page of that
 * size costs without any work to find it.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const pageFile = process.env['PAGE_FILE'];
if (pageFile) {
  const page: unknown = JSON.parse(readFileSync(pageFile, 'utf8'));
  app.get('/page', async () => page);
}
const address = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
process.stdout.write(`hello-world listening on ${address}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
