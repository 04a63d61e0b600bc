/**
 * Reading the Fedlex SPARQL listing of gazette documents in the shape the live graph answers
 * (test/fixtures/fedlex-materials, origin in its README): the document type as a resource-type
 * URI, the gazette reference per language edition (BBl, FF) as the expression's
 * historicalLegalId, and from 2021 the ELI's document number as the citation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gazettePlace, parseGazetteListing } from './gazette-listing.client.ts';

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
    // an English edition and a committee report (resource type 30) are not read, each with its reason
    expect(listing.skipped).toEqual([
      expect.stringMatching(/eli\/fga\/2001\/318: language .*ENG is not de, fr or it/),
      expect.stringMatching(/eli\/fga\/2010\/999: document type .*resource-type\/30 is neither/),
    ]);
  });
});
