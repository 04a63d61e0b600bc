/**
 * The bundled commentary sample: records shaped like OnlineKommentar's API answers, on the
 * articles the sample decisions cite most, in de, fr and it. The wording is invented and says so
 * in every paragraph; the licence, URL (`.invalid`) and authors mark it as sample text too. The
 * live source reads these answers as it reads the API, so the same parser builds the events.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FAMOUS_ARTICLES } from '../sample-statutes/federal-articles.ts';
import { tri, type Lang, type Tri } from '../sample-statutes/wording.ts';
import { listingUrl, OnlineKommentarSource } from './onlinekommentar.source.ts';
import { ONLINEKOMMENTAR_API } from './onlinekommentar.parser.ts';
import { RecordedHttp } from './recorded-http.ts';

/** Bumped whenever the sample's content changes, so that old samples are regenerated. */
export const SAMPLE_COMMENTARIES_VERSION = 1;
export const SAMPLE_COMMENTARY_SOURCE_NAME = 'sample-onlinekommentar';
export const SAMPLE_COMMENTARY_LICENCE =
  'Sample text (invented wording, not a published commentary); CC BY 4.0';
export const SAMPLE_COMMENTARY_URL = 'https://sample.invalid/commentaries';

const LANGS: readonly Lang[] = ['de', 'fr', 'it'];

interface SampleAct {
  readonly sr: string;
  readonly actId: string;
  readonly abbr: Tri;
  readonly title: string;
}

const ACTS: Readonly<Record<string, SampleAct>> = {
  BV: {
    sr: '101',
    actId: '8223e697-4ffc-4c9b-974b-96836bbbca4f',
    abbr: tri('BV', 'Cst.', 'Cost.'),
    title: 'Federal Constitution',
  },
  ZGB: {
    sr: '210',
    actId: 'f04c23a0-391f-41c4-9385-35faf7230f90',
    abbr: tri('ZGB', 'CC', 'CC'),
    title: 'Swiss Civil Code',
  },
  OR: {
    sr: '220',
    actId: 'd2870610-6720-4037-be1c-d870b3189c0f',
    abbr: tri('OR', 'CO', 'CO'),
    title: 'Code of Obligations',
  },
  StGB: {
    sr: '311.0',
    actId: '9e7f5589-45b9-48c3-a19d-05ffe54f3e41',
    abbr: tri('StGB', 'CP', 'CP'),
    title: 'Swiss Criminal Code',
  },
};

/** The commented articles, with the subject words each commentary discusses. */
const ARTICLES: readonly { act: keyof typeof ACTS; num: string; topic: Tri }[] = [
  {
    act: 'OR',
    num: '41',
    topic: tri(
      'Schaden, Widerrechtlichkeit, Kausalzusammenhang und Verschulden',
      'dommage, illicéité, causalité et faute',
      'danno, illiceità, nesso causale e colpa',
    ),
  },
  {
    act: 'OR',
    num: '97',
    topic: tri(
      'Vertragsverletzung, Schaden und Verschulden des Schuldners',
      'violation du contrat, dommage et faute du débiteur',
      'violazione del contratto, danno e colpa del debitore',
    ),
  },
  {
    act: 'OR',
    num: '336',
    topic: tri(
      'missbräuchliche Kündigung des Arbeitsverhältnisses und Entschädigung',
      'résiliation abusive du contrat de travail et indemnité',
      'disdetta abusiva del rapporto di lavoro e indennità',
    ),
  },
  {
    act: 'OR',
    num: '337',
    topic: tri(
      'fristlose Entlassung aus wichtigem Grund und Vertrauensverlust',
      'licenciement immédiat pour justes motifs et rupture de confiance',
      'licenziamento immediato per cause gravi e perdita di fiducia',
    ),
  },
  {
    act: 'ZGB',
    num: '2',
    topic: tri(
      'Treu und Glauben und Rechtsmissbrauch',
      'bonne foi et abus de droit',
      'buona fede e abuso di diritto',
    ),
  },
  {
    act: 'ZGB',
    num: '8',
    topic: tri(
      'Beweislast und Recht auf Beweis',
      'fardeau de la preuve et droit à la preuve',
      'onere della prova e diritto alla prova',
    ),
  },
  {
    act: 'BV',
    num: '8',
    topic: tri(
      'Rechtsgleichheit und Diskriminierungsverbot',
      'égalité de traitement et interdiction de discrimination',
      'uguaglianza giuridica e divieto di discriminazione',
    ),
  },
  {
    act: 'BV',
    num: '9',
    topic: tri(
      'Willkürverbot und Vertrauensschutz',
      "interdiction de l'arbitraire et protection de la confiance",
      "divieto dell'arbitrio e tutela dell'affidamento",
    ),
  },
  {
    act: 'BV',
    num: '29',
    topic: tri(
      'rechtliches Gehör, Begründungspflicht und Rechtsverzögerung',
      "droit d'être entendu, obligation de motiver et déni de justice",
      'diritto di essere sentiti, obbligo di motivazione e denegata giustizia',
    ),
  },
  {
    act: 'StGB',
    num: '146',
    topic: tri(
      'Betrug, arglistige Täuschung und Vermögensschaden',
      'escroquerie, tromperie astucieuse et dommage patrimonial',
      'truffa, inganno astuto e danno patrimoniale',
    ),
  },
];

const MARK: Tri = tri('Beispieltext', "Texte d'exemple", 'Testo di esempio');

function paragraphs(lang: Lang, ref: string, heading: string, text: string, topic: string): string[] {
  const m = MARK[lang];
  switch (lang) {
    case 'de':
      return [
        `${m}. ${ref} (${heading}) lautet: «${text}»`,
        `${m}. Im Mittelpunkt von ${ref} stehen ${topic}. Die Rechtsprechung legt die Bestimmung nach Wortlaut, Systematik und Zweck aus.`,
        `${m}. Wer sich auf ${ref} beruft, hat die Tatsachen zu beweisen, aus denen er Rechte ableitet; das Gericht würdigt die Beweise frei.`,
        `${m}. Dieser Absatz ist erfundener Text des mitgelieferten Beispielkorpus und keine veröffentlichte Kommentierung.`,
      ];
    case 'fr':
      return [
        `${m}. L'${ref} (${heading}) dispose: «${text}»`,
        `${m}. L'${ref} porte sur ${topic}. La jurisprudence interprète la disposition selon sa lettre, son système et son but.`,
        `${m}. Celui qui invoque l'${ref} doit prouver les faits dont il déduit son droit; le juge apprécie librement les preuves.`,
        `${m}. Ce paragraphe est un texte inventé du corpus d'exemple fourni, et non un commentaire publié.`,
      ];
    case 'it':
      return [
        `${m}. L'${ref} (${heading}) recita: «${text}»`,
        `${m}. L'${ref} riguarda ${topic}. La giurisprudenza interpreta la norma secondo la lettera, la sistematica e lo scopo.`,
        `${m}. Chi invoca l'${ref} deve provare i fatti da cui deduce il suo diritto; il giudice apprezza liberamente le prove.`,
        `${m}. Questo paragrafo è un testo inventato del corpus di esempio fornito e non un commento pubblicato.`,
      ];
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The recorded answers of the sample: listing pages and record details, by URL. */
export function sampleCommentaryAnswers(): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const lang of LANGS) {
    const rows: unknown[] = [];
    for (const a of ARTICLES) {
      const act = ACTS[a.act]!;
      const art = FAMOUS_ARTICLES[act.sr]?.find((f) => f.num === a.num);
      if (!art)
        throw new Error(`sample commentary: Art. ${a.num} of SR ${act.sr} is not in the sample statutes`);
      const id = `sample-${a.act.toLowerCase()}-${a.num}-${lang}`;
      const ref = `${lang === 'de' ? 'Art.' : 'art.'} ${a.num} ${act.abbr[lang]}`;
      const title = `Art. ${a.num} ${act.abbr[lang]}`;
      const text = paragraphs(lang, ref, art.heading[lang], art.text[lang], a.topic[lang]);
      const content = text
        .map((p, i) => `<p><span class="paragraph-nr">${i + 1}</span> ${escapeHtml(p)}</p>`)
        .join('\n');
      const record = {
        id,
        title,
        language: lang,
        date: '2024-01-01',
        authors: [{ id: 'sample-author', name: `${MARK[lang]}: Sample Author` }],
        editors: [{ id: 'sample-editor', name: `${MARK[lang]}: Sample Editor` }],
        legislative_act: { id: act.actId, title: act.title },
        html_link: `${SAMPLE_COMMENTARY_URL}/${id}`,
        pdf_link: null,
        licence: SAMPLE_COMMENTARY_LICENCE,
        licence_url: 'https://creativecommons.org/licenses/by/4.0/',
        suggested_citation_long: `${MARK[lang]}: Sample Author, ${title} (sample), 2024`,
        legal_text: `<p>${escapeHtml(art.text[lang])}</p>`,
        content,
      };
      rows.push({ id, title, language: lang, date: record.date });
      answers[`${ONLINEKOMMENTAR_API}/commentaries/${id}`] = JSON.stringify({ data: record });
    }
    answers[listingUrl(ONLINEKOMMENTAR_API, lang, 1)] = JSON.stringify({
      data: rows,
      meta: { current_page: 1, last_page: 1, per_page: 50, total: rows.length },
    });
  }
  return answers;
}

async function upToDate(marker: string): Promise<boolean> {
  try {
    const m = JSON.parse(await readFile(marker, 'utf8')) as { version?: unknown };
    return m.version === SAMPLE_COMMENTARIES_VERSION;
  } catch {
    return false;
  }
}

/** The sample commentary source over the recorded answers in `dir` (written on first use). */
export async function createSampleCommentarySource(options: { dir: string }): Promise<OnlineKommentarSource> {
  const file = join(options.dir, 'onlinekommentar-answers.json');
  const marker = join(options.dir, '.sample-commentaries.json');
  if (!(await upToDate(marker))) {
    await mkdir(options.dir, { recursive: true });
    await writeFile(file, JSON.stringify(sampleCommentaryAnswers()), 'utf8');
    await writeFile(marker, JSON.stringify({ version: SAMPLE_COMMENTARIES_VERSION }), 'utf8');
  }
  return new OnlineKommentarSource({
    name: SAMPLE_COMMENTARY_SOURCE_NAME,
    http: new RecordedHttp(file),
    sample: true,
  });
}
