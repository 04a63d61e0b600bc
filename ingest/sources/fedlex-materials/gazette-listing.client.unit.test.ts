/**
 * Reading the Fedlex SPARQL listing of gazette documents in the shape the live graph answers
 * (test/fixtures/fedlex-materials, origin in its README): the document type as a resource-type
 * URI, the gazette reference per language edition (BBl, FF) as the expression's
 * historicalLegalId, and from 2021 the ELI's document number as the citation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gazettePlace, materialKindOf, parseGazetteListing } from './gazette-listing.client.ts';

const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../test/fixtures/fedlex-materials/sparql-gazette-documents.json'), 'utf8'),
) as unknown;

describe('gazette year and first page of a listed document', () => {
  it.each([
    // the expression's gazette reference, each language edition its own page (de BBl, fr/it FF)
    ['BBl 2001 1433', 'eli/fga/2001/318', { year: 2001, page: 1433 }],
    ['FF 2001 1341', 'eli/fga/2001/318', { year: 2001, page: 1341 }],
    ['FF 2001 1247', 'eli/fga/2001/318', { year: 2001, page: 1247 }],
    ['FF 1986 II 360', 'eli/fga/1986/2_354_354_354', { year: 1986, page: 360 }],
    // a bare page with the ELI's year
    ['6013', 'eli/fga/1999/1063', { year: 1999, page: 6013 }],
    // from 2021 no reference is stated: the document number is the citation
    [undefined, 'eli/fga/2021/2318', { year: 2021, page: 2318 }],
    // before 2021 a document without a reference has no citation
    [undefined, 'eli/fga/2010/999', null],
    ['AS 2001 1', 'eli/fga/2001/318', null],
  ])('%j of %s', (page, eli, place) => {
    expect(gazettePlace(page, eli)).toEqual(place);
  });
});

describe('the recorded listing', () => {
  it('lists the message in de, fr and it with their own gazette pages and the 2021 message by its number', () => {
    const listing = parseGazetteListing(recorded);
    expect(listing.rows).toBe(6);
    expect(listing.documents.map((d) => [d.eli, d.language, d.kind, d.year, d.page])).toEqual([
      ['eli/fga/2001/318', 'de', 'botschaft', 2001, 1433],
      ['eli/fga/2001/318', 'fr', 'botschaft', 2001, 1341],
      ['eli/fga/2001/318', 'it', 'botschaft', 2001, 1247],
      ['eli/fga/2021/2318', 'de', 'botschaft', 2021, 2318],
    ]);
    expect(listing.documents[0]!.file_url).toMatch(/^https:\/\/fedlex\.data\.admin\.ch\/filestore\/.*-de-xml\.xml$/);
    // an English edition and a document of another type without labels are not read, each with its reason
    expect(listing.skipped).toEqual([
      expect.stringMatching(/eli\/fga\/2001\/318: language .*ENG is not de, fr or it/),
      expect.stringMatching(/eli\/fga\/2010\/999: document type .*resource-type\/30 is neither/),
    ]);
  });
});

describe('the kind of a gazette document', () => {
  const TYPE = 'https://fedlex.data.admin.ch/vocabulary/resource-type/';
  it.each([
    // the message by its resource-type number, or by its label in any language
    [`${TYPE}23`, '', [], 'botschaft'],
    [`${TYPE}99`, 'Botschaft', [], 'botschaft'],
    ['message', '', [], 'botschaft'],
    [`${TYPE}99`, 'Messaggio', [], 'botschaft'],
    // a report of a committee of the Federal Assembly carries parliament's bill
    [`${TYPE}30`, 'Bericht', ['Kommission für Rechtsfragen des Nationalrates'], 'parliamentary_change'],
    [`${TYPE}30`, 'Bericht', ['Bundesversammlung', 'Staatspolitische Kommission des Ständerates'], 'parliamentary_change'],
    [`${TYPE}30`, 'Rapport', ['Commission des affaires juridiques du Conseil national'], 'parliamentary_change'],
    [`${TYPE}99`, 'Parlamentarische Änderungen', [], 'parliamentary_change'],
    // a report of the Federal Council or an office, or a report whose author is not known, is neither
    [`${TYPE}30`, 'Bericht', ['Bundesrat'], undefined],
    [`${TYPE}30`, 'Bericht', [], undefined],
    [`${TYPE}30`, '', ['Kommission für Rechtsfragen des Nationalrates'], undefined],
    [`${TYPE}8`, 'Bundesbeschluss', ['Bundesversammlung'], undefined],
  ] as const)('%s %j by %j is %s', (type, label, institutions, kind) => {
    expect(materialKindOf(type, label, institutions)).toBe(kind);
  });
});

describe('a committee report in the listing', () => {
  const uri = (value: string) => ({ type: 'uri', value });
  const literal = (value: string) => ({ type: 'literal', value });
  const row = (institution: string | null) => ({
    srNumber: literal('935.61'),
    doc: uri('https://fedlex.data.admin.ch/eli/fga/2022/1560'),
    type: uri('https://fedlex.data.admin.ch/vocabulary/resource-type/30'),
    typeLabel: literal('Bericht'),
    ...(institution ? { institution: literal(institution) } : {}),
    language: uri('http://publications.europa.eu/resource/authority/language/DEU'),
    year: literal('2022'),
    file: uri('https://fedlex.data.admin.ch/filestore/x.xml'),
  });

  it('is listed once as parliamentary changes when one of its institutions is a committee', () => {
    const listing = parseGazetteListing({
      head: { vars: [] },
      results: { bindings: [row('Bundesversammlung'), row('Kommission für Wirtschaft und Abgaben des Nationalrates')] },
    });
    expect(listing.rows).toBe(2);
    expect(listing.skipped).toEqual([]);
    expect(listing.documents).toEqual([
      { eli: 'eli/fga/2022/1560', sr_number: '935.61', kind: 'parliamentary_change', language: 'de', year: 2022, page: 1560, file_url: 'https://fedlex.data.admin.ch/filestore/x.xml' },
    ]);
  });

  it('is skipped with its type label when no committee is responsible for it', () => {
    const listing = parseGazetteListing({ head: { vars: [] }, results: { bindings: [row('Bundesrat'), row(null)] } });
    expect(listing.documents).toEqual([]);
    expect(listing.skipped).toEqual([expect.stringMatching(/eli\/fga\/2022\/1560: document type .*resource-type\/30 \(Bericht\) is neither/)]);
  });
});
