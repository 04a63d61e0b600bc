import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { infraEnv } from './config.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import { NoDataError, openInfra } from './wiring.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const embedded = (dataDir: string) => parseEnv(infraEnv, { SERVICE_MODE: 'embedded', DATA_DIR: dataDir });

describe('embedded infrastructure and its data folder', () => {
  let root = '';
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'wiring-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('refuses a missing data folder for operator commands, without creating it', async () => {
    const missing = join(root, 'data');
    const attempt = openInfra(embedded(missing), 'admin', quiet, { existingData: true });
    await expect(attempt).rejects.toBeInstanceOf(NoDataError);
    await expect(attempt).rejects.toThrow(
      `no data in ${missing}; start the service first (npm start) or set DATA_DIR to its data folder`,
    );
    expect(existsSync(missing)).toBe(false);

    // A folder that exists but holds no database is no data either.
    await mkdir(missing);
    await expect(openInfra(embedded(missing), 'admin', quiet, { existingData: true })).rejects.toThrow(
      `no data in ${missing}`,
    );
    expect(existsSync(join(missing, 'pglite'))).toBe(false);
  });

  it('holds the data folder lock while open and releases it on close', async () => {
    const dataDir = join(root, 'data');
    const infra = await openInfra(embedded(dataDir), 'embedded', quiet);
    try {
      const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(process.pid);
      await expect(openInfra(embedded(dataDir), 'admin', quiet, { existingData: true })).rejects.toThrow(
        /already open in this process/,
      );
    } finally {
      await infra.close();
    }
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    const again = await openInfra(embedded(dataDir), 'admin', quiet, { existingData: true });
    expect(await again.ingestState.count('sample')).toBe(0);
    await again.close();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});
