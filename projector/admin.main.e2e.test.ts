/** `npm run admin` in embedded mode on a data folder that does not exist: a clear refusal, nothing created. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDeployable } from '../test/support/processes.ts';

describe('admin command in embedded mode', () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('refuses a data folder that does not exist instead of creating it', async () => {
    root = await mkdtemp(join(tmpdir(), 'e2e-admin-'));
    const missing = join(root, 'data');
    const admin = startDeployable('admin', 'projector/admin.main.ts', ['status'], {
      SERVICE_MODE: 'embedded',
      DATA_DIR: missing,
    });
    expect((await admin.exited).code).toBe(1);
    expect(admin.output()).toContain(
      `admin: no data in ${missing}; start the service first (npm start) or set DATA_DIR to its data folder`,
    );
    expect(existsSync(missing)).toBe(false);
  }, 60_000);

  it('prints the usage for an unknown command without opening anything', async () => {
    const admin = startDeployable('admin', 'projector/admin.main.ts', ['frobnicate'], {
      SERVICE_MODE: 'embedded',
      DATA_DIR: join(root, 'elsewhere'),
    });
    expect((await admin.exited).code).toBe(2);
    expect(admin.output()).toMatch(/^usage: npm run admin -- status/);
    expect(existsSync(join(root, 'elsewhere'))).toBe(false);
  }, 60_000);
});
