/**
 * Writes the bundled statute sample as a mirror of the portals (ingest/http/directory-mirror.ts):
 * Fedlex Akoma Ntoso files plus the SPARQL results that list them, cantonal portal pages, and the
 * LexFind catalogue JSON. A pure function of the code: same files every time, no clock, no network.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CANTONS, type Jurisdiction } from '../../../contracts/courts/cantons.ts';
import { DirectoryMirror } from '../../http/directory-mirror.ts';
import { catalogueUrl, LEXFIND_API_BASE } from '../lexfind/lexfind-catalogue.client.ts';
import { entityIdOf } from '../lexfind/lexfind.parser.ts';
import { akomaNtosoXml, ccEli, FEDLEX, fileUrl } from './akoma-ntoso.writer.ts';
import { buildCantonalAct, portalHtml, portalUrl } from './cantonal-act.builder.ts';
import { CANTONAL_PLANS } from './cantonal-plan.ts';
import { buildFederalAct } from './federal-act.builder.ts';
import { federalPlans, namesOn } from './federal-plan.ts';
import { GazetteAllocator } from './gazette-allocator.ts';
import { cantonalEntry, federalEntries } from './lexfind-files.ts';
import type { Lang } from './wording.ts';

/** Where the recorded SPARQL listing of the sample's consolidations lives in the mirror. */
export const SAMPLE_SPARQL_RESULTS_URL = `${FEDLEX}/sparqlendpoint/recorded/consolidations.json`;
const LANGS: readonly Lang[] = ['de', 'fr', 'it'];
const LANGUAGE_URI: Readonly<Record<Lang, string>> = {
  de: 'http://publications.europa.eu/resource/authority/language/DEU',
  fr: 'http://publications.europa.eu/resource/authority/language/FRA',
  it: 'http://publications.europa.eu/resource/authority/language/ITA',
};

export interface GeneratedStatutes {
  readonly federalVersions: number;
  readonly cantonalVersions: number;
  readonly catalogueEntries: number;
  readonly articles: number;
}

export async function put(root: string, url: string, text: string): Promise<void> {
  const path = DirectoryMirror.fileFor(root, url);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, 'utf8');
}

/** Generates the whole sample into `dir`. */
export async function generateSampleStatutes(dir: string): Promise<GeneratedStatutes> {
  const allocator = new GazetteAllocator();
  const rows: Record<string, { type: string; value: string; datatype?: string }>[] = [];
  const catalogue = new Map<string, Record<string, unknown>[]>();
  const addEntry = (j: Jurisdiction, lang: Lang, entry: Record<string, unknown>) => {
    const key = `${j}|${lang}`;
    catalogue.set(key, [...(catalogue.get(key) ?? []), entry]);
  };
  let articles = 0;
  let federalVersions = 0;
  const plans = federalPlans();
  for (const [index, plan] of plans.entries()) {
    const eli = ccEli(plan.act.sr_number, plan.versions[0]!);
    for (const [v, date] of plan.versions.entries()) {
      const names = namesOn(plan, date);
      const ctx = {
        eli,
        entryIntoForce: plan.versions[0]!,
        treaty: plan.act.instrument === 'treaty',
        names: {
          de: { title: names.title.de, abbreviation: names.abbreviation?.de ?? null },
          fr: { title: names.title.fr, abbreviation: names.abbreviation?.fr ?? null },
          it: { title: names.title.it, abbreviation: names.abbreviation?.it ?? null },
        },
      };
      for (const lang of LANGS) {
        const doc = buildFederalAct(plan, v, lang, allocator);
        const url = fileUrl(eli, date, lang);
        await put(dir, url, akomaNtosoXml(doc, ctx));
        federalVersions++;
        articles += countArticles(doc.body);
        rows.push({
          srNumber: { type: 'literal', value: plan.act.sr_number },
          work: { type: 'uri', value: `${FEDLEX}/${eli}` },
          dateApplicability: {
            type: 'literal',
            value: date,
            datatype: 'http://www.w3.org/2001/XMLSchema#date',
          },
          language: { type: 'uri', value: LANGUAGE_URI[lang] },
          file: { type: 'uri', value: url },
        });
      }
    }
    const amendments = plan.versions.map((date, v) =>
      allocator.amendment(`${plan.act.sr_number}|${v}`, date),
    );
    for (const lang of LANGS)
      for (const e of federalEntries(plan, index, lang, eli, amendments)) addEntry('CH', lang, e);
  }
  const sparql = {
    head: { vars: ['srNumber', 'work', 'dateApplicability', 'language', 'file'] },
    results: { bindings: rows },
  };
  await put(dir, SAMPLE_SPARQL_RESULTS_URL, JSON.stringify(sparql));

  let cantonalVersions = 0;
  for (const plan of CANTONAL_PLANS) {
    for (const lang of plan.languages) {
      addEntry(plan.canton, lang, cantonalEntry(plan, lang));
      for (const [v, date] of plan.versions.entries()) {
        const doc = buildCantonalAct(plan, v, lang);
        await put(dir, portalUrl(plan, date, lang), portalHtml(doc, plan));
        cantonalVersions++;
        articles += countArticles(doc.body);
      }
    }
  }
  let catalogueEntries = 0;
  for (const j of [...CANTONS, 'CH'] as Jurisdiction[]) {
    for (const lang of LANGS) {
      const entries = catalogue.get(`${j}|${lang}`) ?? [];
      catalogueEntries += entries.length;
      const file = { entity: { id: entityIdOf(j), abbreviation: j }, language: lang, texts_of_law: entries };
      await put(dir, catalogueUrl(LEXFIND_API_BASE, lang, entityIdOf(j)), JSON.stringify(file, null, 1));
    }
  }
  return { federalVersions, cantonalVersions, catalogueEntries, articles };
}

function countArticles(nodes: readonly { kind: string; children?: unknown }[]): number {
  let n = 0;
  for (const node of nodes) {
    if (node.kind === 'article') n++;
    else n += countArticles((node as { children: { kind: string }[] }).children);
  }
  return n;
}

/**
 * Adds broken items for error-path tests: a listed consolidation whose XML is malformed, and a
 * catalogue entry with an impossible date. The default sample has none.
 */
export async function writeMalformedStatuteSamples(dir: string): Promise<void> {
  const listing = DirectoryMirror.fileFor(dir, SAMPLE_SPARQL_RESULTS_URL);
  const sparql = JSON.parse(await readFile(listing, 'utf8')) as { results: { bindings: unknown[] } };
  const broken = `${FEDLEX}/filestore/fedlex.data.admin.ch/eli/cc/1999/999/19990101/de/xml/broken.xml`;
  sparql.results.bindings.push({
    srNumber: { type: 'literal', value: '999.9' },
    work: { type: 'uri', value: `${FEDLEX}/eli/cc/1999/999` },
    dateApplicability: { type: 'literal', value: '1999-01-01' },
    language: { type: 'uri', value: LANGUAGE_URI.de },
    file: { type: 'uri', value: broken },
  });
  await writeFile(listing, JSON.stringify(sparql), 'utf8');
  await put(dir, broken, '<?xml version="1.0"?><akomaNtoso><act><meta></act></akomaNtoso>');
  const zh = DirectoryMirror.fileFor(dir, catalogueUrl(LEXFIND_API_BASE, 'de', entityIdOf('ZH')));
  const file = JSON.parse(await readFile(zh, 'utf8')) as { texts_of_law: unknown[] };
  file.texts_of_law.push({
    id: 29999,
    systematic_number: '999.1',
    title: 'Kaputter Eintrag',
    is_active: true,
    version_active_since: '31.02.2020',
    entity: { id: 1, abbreviation: 'ZH' },
  });
  await writeFile(zh, JSON.stringify(file), 'utf8');
}
