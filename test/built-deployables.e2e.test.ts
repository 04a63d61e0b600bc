/**
 * `npm start*` run the deployables from their bundles (`npm run build`: `dist/<script>.mjs`, the
 * packages left as imports), not through the TypeScript loader: a bundle must start, serve what
 * the sources serve (a font read through its package for the PDF export), and stop cleanly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  REPO,
  buildDeployables,
  bundlesStartedByScripts,
  freePort,
  startBuilt,
} from './support/processes.ts';

const SCRIPTS = (
  JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
/** The entry points `npm run build` bundles: the one list, read from the build script itself. */
const DEPLOYABLES = (SCRIPTS.build ?? '').split(/\s+/).filter((word) => word.endsWith('.ts'));

describe('built deployables', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the build bundles every process the npm scripts start', () => {
    const started = bundlesStartedByScripts().map(({ bundle }) =>
      bundle.replace(/^dist\//, '').replace(/\.mjs$/, '.ts'),
    );
    expect(started.length).toBeGreaterThan(0);
    for (const script of started) expect(DEPLOYABLES, script).toContain(script);
  });

  it('every deployable has a bundle; the embedded one ingests, serves, exports a PDF and stops; the admin command reads its folder', async () => {
    buildDeployables();
    for (const script of DEPLOYABLES)
      expect(existsSync(join(REPO, 'dist', script.replace(/\.ts$/, '.mjs'))), script).toBe(true);

    dataDir = await mkdtemp(join(tmpdir(), 'e2e-built-'));
    const port = await freePort();
    const server = startBuilt('embedded', 'infra/deploy/embedded.main.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(port),
      SAMPLE_SIZE: '100',
      LOG_LEVEL: 'warn',
    });
    await server.waitForOutput(/serving on/);
    const base = `http://127.0.0.1:${port}`;
    const search = await fetch(`${base}/decisions?limit=1&court=bger&query=Urteil%20OR%20Entscheid`);
    expect(search.status).toBe(200);
    const page = (await search.json()) as { total: number; results: { decision_id: string }[] };
    expect(page.total).toBeGreaterThan(0);
    const id = page.results[0]!.decision_id;
    const pdf = await fetch(`${base}/decisions/${encodeURIComponent(id)}/export.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await server.stop()).toMatchObject({ code: 0 });

    const admin = startBuilt('admin', 'projector/admin.main.ts', ['status'], { DATA_DIR: dataDir });
    expect((await admin.exited).code).toBe(0);
    expect(admin.output()).toContain('decision-search');
  }, 240_000);
});
