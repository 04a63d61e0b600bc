import { describe, expect, it } from 'vitest';
import { actionFor, type JobEntry, JobFileError, parseJobFile, withdrawnChecksum } from './job-file.ts';

/** A job file as the portal's scraper writes it (`spider, job, jobtyp, time, dateien, signaturen, gesamt`). */
function jobFile(spider: string, dateien: Record<string, unknown>, extra: object = {}): string {
  return JSON.stringify({
    spider,
    job: '446973/45/2675',
    jobtyp: 'update',
    time: '2026-11-24_03:12:40',
    dateien,
    signaturen: {},
    gesamt: { gesamt: 2, aktuell_neu: 1, vorher_identisch: 1 },
    ...extra,
  });
}

describe('entscheidsuche job file', () => {
  // One row per language region: the German Federal Supreme Court, a French and an Italian cantonal spider.
  const rows: readonly {
    spider: string;
    key: string;
    entry: object;
    expected: Omit<JobEntry, 'path'> & { path: string };
  }[] = [
    {
      spider: 'CH_BGer',
      key: 'CH_BGer/CH_BGer_005_5A-459-2025_2025-06-17.json',
      entry: { checksum: 'a1', status: 'neu', scrapedate: '2026-11-24' },
      expected: { path: 'CH_BGer/CH_BGer_005_5A-459-2025_2025-06-17.json', state: 'present', status: 'neu', checksum: 'a1' },
    },
    {
      spider: 'VD_Omni',
      key: 'VD_Omni/VD_TC_031_FI-2026-0167_2026-08-12.json',
      entry: { checksum: 'b2', status: 'update', last_change: '446973/45/2600' },
      expected: { path: 'VD_Omni/VD_TC_031_FI-2026-0167_2026-08-12.json', state: 'present', status: 'update', checksum: 'b2' },
    },
    {
      spider: 'TI_Gerichte',
      key: 'TI_Gerichte/TI_TCA_001_52-2024-12_2025-03-04.json',
      entry: { checksum: 'c3', status: 'identisch', quelle: '446973/45/2600' },
      expected: { path: 'TI_Gerichte/TI_TCA_001_52-2024-12_2025-03-04.json', state: 'present', status: 'identisch', checksum: 'c3' },
    },
    {
      spider: 'ZH_Obergericht',
      key: 'ZH_Obergericht/ZH_OG_999_DG240019_2025-06-12.json',
      entry: { checksum: 'd4', status: 'nicht_mehr_da' },
      expected: { path: 'ZH_Obergericht/ZH_OG_999_DG240019_2025-06-12.json', state: 'withdrawn', status: 'nicht_mehr_da', checksum: 'd4' },
    },
    {
      spider: 'GE_Gerichte',
      key: 'GE_Gerichte/GE_CJ_001_ACJC-866-2019_2019-06-21.json',
      entry: { checksum: 'e5', status: 'anders_wieder_da' },
      expected: { path: 'GE_Gerichte/GE_CJ_001_ACJC-866-2019_2019-06-21.json', state: 'present', status: 'anders_wieder_da', checksum: 'e5' },
    },
    {
      spider: 'TI_Gerichte',
      key: 'TI_Gerichte/TI_TPC_001_17-2023-5_2023-09-01.json',
      entry: { checksum: 'f6', status: 'identisch_wieder_da' },
      expected: { path: 'TI_Gerichte/TI_TPC_001_17-2023-5_2023-09-01.json', state: 'present', status: 'identisch_wieder_da', checksum: 'f6' },
    },
    {
      spider: 'SH_OG',
      key: 'SH_OG/SH_OG_001_60-2025-5_2026-08-10.json',
      entry: { checksum: 'g7', status: 'kaputt' },
      expected: { path: 'SH_OG/SH_OG_001_60-2025-5_2026-08-10.json', state: 'other', status: 'kaputt', checksum: 'g7' },
    },
    {
      // Keys without the spider folder (older job files) are placed in it.
      spider: 'CH_EDOEB',
      key: 'CH_EDÖB_006_Empfehlung-vom-30-6-_2025-06-30.json',
      entry: { status: 'neu' },
      expected: { path: 'CH_EDOEB/CH_EDÖB_006_Empfehlung-vom-30-6-_2025-06-30.json', state: 'present', status: 'neu', checksum: null },
    },
  ];

  it.each(rows)('reads $key ($expected.status)', ({ spider, key, entry, expected }) => {
    const job = parseJobFile(jobFile(spider, { [key]: entry, [key.replace(/\.json$/, '.html')]: { checksum: 'h', status: 'neu' } }), spider);
    expect(job.entries).toEqual([expected]);
    expect(job).toMatchObject({ spider, job: '446973/45/2675', jobType: 'update', time: '2026-11-24_03:12:40', rejected: [] });
  });

  it('lists the records in path order, counts what the portal counts and rejects keys outside the folder', () => {
    const job = parseJobFile(
      jobFile('CH_BGer', {
        'CH_BGer/b.json': { checksum: '2', status: 'identisch' },
        'CH_BGer/a.json': { checksum: '1', status: 'neu' },
        'CH_BGer/a.pdf': { checksum: '3', status: 'neu' },
        'VD_Omni/x.json': { checksum: '4', status: 'neu' },
        'CH_BGer/../../etc/passwd.json': { checksum: '5', status: 'neu' },
        'CH_BGer/readme.txt': { status: 'neu' },
        'CH_BGer/c.json': { checksum: 7, status: 'neu' },
        'CH_BGer/d.json': 'neu',
      }),
      'CH_BGer',
    );
    expect(job.entries.map((e) => e.path)).toEqual(['CH_BGer/a.json', 'CH_BGer/b.json']);
    expect(job.publishedCount).toBe(2);
    expect([...job.rejected].sort()).toEqual([
      'CH_BGer/../../etc/passwd.json',
      'CH_BGer/c.json',
      'CH_BGer/d.json',
      'CH_BGer/readme.txt',
      'VD_Omni/x.json',
    ]);
    const uncounted = parseJobFile(jobFile('CH_BGer', { 'CH_BGer/a.json': { status: 'neu' } }, { gesamt: undefined }), 'CH_BGer');
    expect(uncounted.publishedCount).toBe(1);
  });

  it('reads the answer for a spider that never ran as holding nothing', () => {
    expect(parseJobFile('{"spider": "AI_Bericht", "job": "nojob"}', 'AI_Bericht')).toMatchObject({
      job: 'nojob',
      entries: [],
      publishedCount: 0,
    });
  });

  it.each([
    ['truncated', '{"spider": "CH_BGer", "dateien": {"CH_BGer/a.json": {"checksum": "1", "sta', /not JSON/],
    ['without dateien', '{"spider": "CH_BGer", "job": "1"}', /dateien/],
    ['of another spider', jobFile('VD_Omni', {}), /names spider 'VD_Omni'/],
    ['an HTML page', '<html><body>Wartungsarbeiten</body></html>', /not JSON/],
  ])('refuses a job file that is %s', (_what, text, message) => {
    expect(() => parseJobFile(text, 'CH_BGer')).toThrow(JobFileError);
    expect(() => parseJobFile(text, 'CH_BGer')).toThrow(message);
  });
});

describe('what a job-file entry asks for', () => {
  const entry = (status: string, checksum: string | null, state: JobEntry['state'] = 'present'): JobEntry => ({
    path: 'CH_BGer/a.json',
    state,
    status,
    checksum,
  });
  it.each([
    ['new record', entry('neu', 'x'), undefined, 'fetch'],
    ['record never read, listed identisch (first run)', entry('identisch', 'x'), undefined, 'fetch'],
    ['identisch, same checksum', entry('identisch', 'x'), { sourceChecksum: 'x' }, 'unchanged'],
    ['update with a new checksum', entry('update', 'y'), { sourceChecksum: 'x' }, 'fetch'],
    ['update listed again after it was read', entry('update', 'y'), { sourceChecksum: 'y' }, 'unchanged'],
    ['read from a mirror without checksums', entry('identisch', 'x'), { sourceChecksum: null }, 'fetch'],
    ['no checksum, identisch, held', entry('identisch', null), { sourceChecksum: null }, 'unchanged'],
    ['gone, held', entry('nicht_mehr_da', 'x', 'withdrawn'), { sourceChecksum: 'x' }, 'withdraw'],
    ['gone, already withdrawn', entry('nicht_mehr_da', 'x', 'withdrawn'), { sourceChecksum: withdrawnChecksum('x') }, 'unchanged'],
    ['gone, never held', entry('nicht_mehr_da', 'x', 'withdrawn'), undefined, 'unknown-withdrawal'],
    ['back after withdrawal, same file', entry('identisch_wieder_da', 'x'), { sourceChecksum: withdrawnChecksum('x') }, 'fetch'],
    ['broken', entry('kaputt', 'x', 'other'), { sourceChecksum: 'w' }, 'unusable'],
  ] as const)('%s → %s', (_what, e, known, expected) => {
    expect(actionFor(e, known)).toBe(expected);
  });
});
