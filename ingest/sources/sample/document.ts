import { AREAS, type Area, type AreaGroup } from './areas.ts';
import type { ChamberProfile, CourtProfile, DecisionTypeDe } from './court-profiles.ts';
import {
  addDays,
  amount,
  anon,
  cap,
  composition,
  fill,
  inlineStatutes,
  LI,
  lawyer,
  personName,
  roles,
  spell,
  statuteRef,
  tri,
  withCanton,
  type Roles,
} from './document-parts.ts';
import { formatStatute, type Lang } from './laws.ts';
import {
  ADMISSIBILITY,
  APPEAL_ONLY,
  CITE_PREFIX,
  CITIES,
  LOWER_INSTANCES,
  OPERATIVE_VERB,
  OUTCOME_ITEMS,
  REASONING,
  REGESTE,
  SECTION,
  SEE_ALSO,
  TYPE_WORDS,
  type Outcome,
} from './phrases.ts';
import type { PlannedDecision } from './plan.ts';
import type { Rng } from './prng.ts';

/** The decision appealed against, as named in the header ("... des Obergerichts ... (LB220012)"). */
export interface LowerRef {
  /** Court with article, nominative and genitive, in the decision's language. */
  readonly nom: string;
  readonly gen: string;
  readonly chamber: string | null;
  readonly date: string | null;
  readonly docket: string | null;
  readonly type: DecisionTypeDe;
}

export interface DocInput {
  readonly rec: PlannedDecision;
  readonly profile: CourtProfile;
  readonly chamber: ChamberProfile;
  /** Chamber name in the decision's language, if the court has chambers. */
  readonly chamberLabel: string | null;
  /** BGE: the division that decided ("I. zivilrechtliche Abteilung") per language. */
  readonly division: readonly [string, string, string] | null;
  readonly citations: string[];
  /** Quotations of earlier decisions: the words and the citation of their source (with pinpoint). */
  readonly quotations?: readonly Quotation[];
  readonly lower: LowerRef | null;
  /** Canton of the parties' authorities (the court's, or the lower court's for federal courts). */
  readonly canton: string;
  readonly rng: Rng;
}

export interface Quotation {
  readonly text: string;
  readonly citation: string;
}

export interface DocOutput {
  readonly paragraphs: string[];
  /** Head-note per language (all three for BGE, else the decision's language). */
  readonly regeste: Partial<Record<Lang, string>>;
  /** A sentence later decisions may quote verbatim, with the label of its Erwägung. */
  readonly quotable: { readonly label: string; readonly text: string } | null;
}

const QUOTE_LEAD: Readonly<Record<Lang, (q: Quotation) => string>> = {
  de: (q) => `Das Gericht hat dazu festgehalten: „${q.text}“ (${q.citation}).`,
  fr: (q) => `Il a été jugé à cet égard : « ${q.text} » (${q.citation}).`,
  it: (q) => `È stato stabilito in proposito: «${q.text}» (${q.citation}).`,
};

/** A sentence fit to be quoted: plain prose of reasonable length, without references or quotes. */
function quotable(sentence: string): boolean {
  return (
    sentence.length >= 45 &&
    sentence.length <= 220 &&
    !/[„“”«»"()]/.test(sentence) &&
    !/\b(?:BGE|ATF|DTF|E\.|consid\.)\s/.test(sentence)
  );
}

const COURT_LINES: Readonly<Record<string, readonly string[]>> = {
  bger: ['Bundesgericht', 'Tribunal fédéral', 'Tribunale federale', 'Tribunal federal'],
  bvger: [
    'Bundesverwaltungsgericht',
    'Tribunal administratif fédéral',
    'Tribunale amministrativo federale',
    'Tribunal administrativ federal',
  ],
  bstger: [
    'Bundesstrafgericht',
    'Tribunal pénal fédéral',
    'Tribunale penale federale',
    'Tribunal penal federal',
  ],
  bpatger: [
    'Bundespatentgericht',
    'Tribunal fédéral des brevets',
    'Tribunale federale dei brevetti',
    'Tribunal federal da patentas',
  ],
  mkg: ['Militärkassationsgericht', 'Tribunal militaire de cassation', 'Tribunale militare di cassazione'],
};

const DATE_WORD = { de: 'vom', fr: 'du', it: 'del' } as const;

/** Marks a paragraph rendered in bold (a section heading). */
export const HEADING_MARK = '\u0001';

function heading(text: string): string {
  return HEADING_MARK + text;
}

const APPEAL_NAMES: Readonly<Record<string, readonly [string, string, string]>> = {
  civil: ['Beschwerde in Zivilsachen', 'un recours en matière civile', 'un ricorso in materia civile'],
  criminal: ['Beschwerde in Strafsachen', 'un recours en matière pénale', 'un ricorso in materia penale'],
  public: [
    'Beschwerde in öffentlich-rechtlichen Angelegenheiten',
    'un recours en matière de droit public',
    'un ricorso in materia di diritto pubblico',
  ],
  oldcivil: ['Berufung', 'un recours en réforme', 'un ricorso per riforma'],
  oldcriminal: [
    'eidgenössische Nichtigkeitsbeschwerde',
    'un pourvoi en nullité',
    'un ricorso per cassazione',
  ],
  oldpublic: ['staatsrechtliche Beschwerde', 'un recours de droit public', 'un ricorso di diritto pubblico'],
  oldsocial: [
    'Verwaltungsgerichtsbeschwerde',
    'un recours de droit administratif',
    'un ricorso di diritto amministrativo',
  ],
  appeal: ['Beschwerde', 'un recours', 'un ricorso'],
  civilAppeal: ['Berufung', 'un appel', 'un appello'],
  complaint: ['Beschwerde', 'une plainte', 'un reclamo'],
  cassation: ['Kassationsbeschwerde', 'un pourvoi en cassation', 'un ricorso per cassazione'],
};

/** Renders the text of one decision as paragraphs (one `div.para` each). */
export function renderDecision(input: DocInput): DocOutput {
  return new DecisionWriter(input).render();
}

class DecisionWriter {
  private readonly lang: Lang;
  private readonly area: Area;
  private readonly year: number;
  private readonly rng: Rng;
  private readonly roles: Roles;
  private readonly partyA: string;
  private readonly partyB: string;
  private readonly city: string;
  private readonly federal: boolean;
  private readonly cantonal: boolean;
  private readonly outcome: Outcome;
  private readonly terms: number[];
  private readonly citations: string[];
  private readonly quotations: Quotation[];
  private quotable: { label: string; text: string } | null = null;
  private readonly out: string[] = [];
  private readonly usedTemplates = new Set<string>();
  private readonly subject: number;
  /** The first instance of a cantonal appeal (not in the corpus): date and docket, used in header and facts. */
  private readonly firstInstance: { date: string; docket: string };
  private sentencesLeft = 0;

  constructor(private readonly input: DocInput) {
    const { rec, profile, rng } = input;
    this.lang = rec.lang;
    this.area = AREAS[rec.area];
    this.year = Number(rec.date.slice(0, 4));
    this.rng = rng;
    this.federal = profile.key === 'bger' || profile.key === 'bge';
    this.cantonal = !['bger', 'bge', 'bvger', 'bstger', 'bpatger', 'mkg', 'finma', 'weko'].includes(
      profile.key,
    );
    this.roles = roles(input.chamber.proc ?? profile.proc, rng.chance(0.35), this.lang, this.federal);
    this.partyA = anon('A', profile.anonSpace);
    this.partyB = anon('B', profile.anonSpace);
    this.city = rng.pick(CITIES[this.lang] ?? CITIES.de!);
    this.outcome = rng.weighted([
      ['dismissed', 55],
      ['partly', 12],
      ['granted', 18],
      ['inadmissible', 15],
    ] as const);
    this.terms = rng.sample(
      this.area.terms.map((_, i) => i),
      this.area.terms.length,
    );
    this.citations = [...input.citations];
    this.quotations = [...(input.quotations ?? [])];
    this.subject = rng.int(0, this.area.subjects.length - 1);
    const firstDate = this.earlier(60, 500);
    const firstYear = Number(firstDate.slice(0, 4));
    this.firstInstance = {
      date: firstDate,
      docket: {
        de: `CG${String(firstYear % 100).padStart(2, '0')}${String(rng.int(1, 400)).padStart(4, '0')}`,
        fr: `JTPI/${rng.int(1, 9000)}/${firstYear}`,
        it: `OA.${firstYear}.${rng.int(1, 300)}`,
      }[this.lang],
    };
  }

  render(): DocOutput {
    const regeste = this.regeste();
    if (this.input.profile.key === 'bge') this.bgeHeader(regeste);
    else this.header(regeste);
    const bodyStart = this.out.length;
    this.facts();
    this.considerations();
    if (this.input.rec.bge) this.pageMarkers(bodyStart);
    this.operative();
    return { paragraphs: this.out, regeste, quotable: this.quotable };
  }

  // ---- helpers -------------------------------------------------------------------------------

  private t(text: readonly [string, string, string]): string {
    return tri(text, this.lang);
  }

  private term(i: number, lang: Lang = this.lang): string {
    const idx = this.terms[i % this.terms.length]!;
    return this.area.terms[idx]![LI[lang]];
  }

  private statute(lang: Lang = this.lang): string {
    return formatStatute(
      statuteRef(
        this.area,
        this.year,
        this.rng,
        this.cantonal ? this.input.profile.key.slice(0, 2).toUpperCase() : null,
      ),
      lang,
    );
  }

  private earlier(minDays: number, maxDays: number): string {
    return addDays(this.input.rec.date, -this.rng.int(minDays, maxDays));
  }

  private takeCitation(): string | undefined {
    const c = this.citations.shift();
    if (c === undefined) return undefined;
    return this.rng.chance(0.35) ? this.t(CITE_PREFIX) + c : c;
  }

  /** Type words; an authority's "Verfügung" is a "décision" / "decisione", a court's an "ordonnance" / "decreto". */
  private typeWord(type: DecisionTypeDe = this.input.rec.type): string {
    if (type === 'Verfügung' && this.firstInstanceProc) return this.t(['Verfügung', 'Décision', 'Decisione']);
    return this.t(TYPE_WORDS[type]);
  }

  private typeLine(type: DecisionTypeDe = this.input.rec.type): string {
    const word = this.typeWord(type);
    return this.input.rec.placeholder
      ? word
      : `${word} ${DATE_WORD[this.lang]} ${spell(this.input.rec.date, this.lang)}`;
  }

  private push(...paragraphs: string[]): void {
    for (const p of paragraphs) if (p.trim()) this.out.push(p);
  }

  // ---- regeste -------------------------------------------------------------------------------

  private regeste(): Partial<Record<Lang, string>> {
    const { rec } = this.input;
    const langs: Lang[] = rec.bge ? ['de', 'fr', 'it'] : [this.lang];
    const labels = rec.structure
      .split('|')
      .filter((l) => l !== '1' && !l.includes('/') && l.split('.').length <= 2 && !/^1[.a-z]/.test(l));
    const pool = labels.length > 0 ? labels : ['2'];
    const count = this.rng.int(1, 2);
    const templates = REGESTE.map((_, i) => i).filter(
      (i) => !this.firstInstanceProc || !APPEAL_ONLY.test(REGESTE[i]![0]),
    );
    const picks = Array.from(
      { length: count },
      () => [this.rng.pick(templates), this.rng.pick(pool), this.rng.int(0, 5)] as const,
    );
    const subject = this.subject;
    const refs = [
      statuteRef(this.area, this.year, this.rng, null),
      statuteRef(this.area, this.year, this.rng, null),
    ];
    const result: Partial<Record<Lang, string>> = {};
    for (const lang of langs) {
      const head = `${cap(formatStatute(refs[0]!, lang))}; ${this.area.subjects[subject]![LI[lang]]}.`;
      const sentences = picks.map(([tpl, e, term]) =>
        fill(REGESTE[tpl]![LI[lang]], { T: this.term(term, lang), S: formatStatute(refs[1]!, lang), e }),
      );
      result[lang] = [head, ...sentences].join(' ').replace(/\.\.(?=\s|$)/g, '.');
    }
    return result;
  }

  // ---- headers -------------------------------------------------------------------------------

  private header(regeste: Partial<Record<Lang, string>>): void {
    const { profile, rec, chamberLabel } = this.input;
    const proc = this.input.chamber.proc ?? profile.proc;
    const comp = composition(profile, this.rng, this.lang, false);
    this.president = comp.president;
    this.clerk = comp.clerk;
    if (this.cantonal) {
      this.push(cap(this.t(profile.nom).replace(/^(das|die|der|le|la|il|l')\s?/i, '')));
      if (chamberLabel) this.push(chamberLabel);
      this.push(
        `${this.t(['Geschäfts-Nr.:', 'N° de dossier :', 'Incarto n.'])} ${rec.docket}`,
        this.typeLine(),
      );
    } else {
      this.push(
        ...(COURT_LINES[profile.key] ?? [
          cap(this.t(profile.nom).replace(/^(das|die|der|le|la|il|l')\s?/i, '')),
        ]),
      );
      if (profile.key === 'bger') this.push(rec.docket, this.typeLine(), chamberLabel ?? '');
      else this.push(chamberLabel ?? '', rec.docket, this.typeLine());
      if (rec.bvge) {
        const n = rec.bvge.slice(5);
        this.push(
          this.t([`Publiziert als BVGE ${n}`, `Publié comme ATAF ${n}`, `Pubblicata come DTAF ${n}`]),
        );
      }
    }
    this.push(heading(this.t(SECTION.composition!)), comp.line);
    this.push(heading(this.t(this.cantonal || proc === 'regulator' ? SECTION.inCase! : SECTION.parties!)));
    const represented = `${this.t(SECTION.represented!)} ${lawyer(this.rng, this.lang)},`;
    const opponent =
      profile.key === 'bstger'
        ? this.t([
            'Bundesanwaltschaft',
            'Ministère public de la Confédération',
            'Ministero pubblico della Confederazione',
          ])
        : withCanton(this.t(this.area.opponent), this.input.canton, this.lang).replace('{B}', this.partyB);
    if (proc === 'criminalTrial') {
      this.push(
        `${this.t(['Bundesanwaltschaft', 'Ministère public de la Confédération', 'Ministero pubblico della Confederazione'])},`,
        `${this.roles.respondentLabel},`,
        this.t(SECTION.against!),
        `${this.partyA},`,
        represented,
        `${this.roles.appellantLabel}.`,
      );
    } else if (proc === 'regulator') {
      this.push(`${this.partyA} ${this.t(['AG', 'SA', 'SA'])},`, represented.replace(/,$/, '.'));
    } else {
      const respondent =
        profile.key === 'bvger'
          ? this.t(['Vorinstanz', 'autorité inférieure', 'autorità inferiore'])
          : this.roles.respondentLabel;
      this.push(
        `${this.partyA},`,
        represented,
        `${this.roles.appellantLabel},`,
        this.t(SECTION.against!),
        `${opponent},`,
        `${respondent}.`,
      );
    }
    this.push(heading(this.t(SECTION.subject!)), this.subjectLine());
    const lowerLine = this.lowerLine();
    if (lowerLine) this.push(lowerLine);
    this.push(heading(this.t(SECTION.regeste!)), regeste[this.lang] ?? '');
  }

  private president: [string, boolean] = ['', false];
  private clerk: [string, boolean] = ['', false];

  private subjectLine(): string {
    const subject = this.t(this.area.subjects[this.subject]!);
    if (this.input.profile.key !== 'bvger') return subject;
    const date = spell(this.firstInstance.date, this.lang);
    return `${subject}; ${this.t([`Verfügung der Vorinstanz vom ${date}`, `décision de l'autorité inférieure du ${date}`, `decisione dell'autorità inferiore del ${date}`])}.`;
  }

  private typeWithArticle(type: DecisionTypeDe, lang: Lang = this.lang): string {
    const table: Record<DecisionTypeDe, [string, string, string]> = {
      Urteil: ['das Urteil', "l'arrêt", 'la sentenza'],
      Beschluss: ['den Beschluss', 'la décision', 'la decisione'],
      Entscheid: ['den Entscheid', 'la décision', 'la decisione'],
      Verfügung: ['die Verfügung', "l'ordonnance", 'il decreto'],
    };
    return table[type][LI[lang]];
  }

  /** "Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich, Zivilkammern, vom 3. März 2021 (LB220012)." */
  private lowerLine(): string | null {
    const { profile, lower } = this.input;
    const key = profile.key;
    const d = (date: string | null): string =>
      date ? ` ${DATE_WORD[this.lang]} ${spell(date, this.lang)}` : '';
    if (lower) {
      const appeal = this.appealName(true);
      const chamber = lower.chamber ? `, ${lower.chamber},` : '';
      const docket = lower.docket ? ` (${lower.docket})` : '';
      return `${cap(appeal)} ${this.t(['gegen', 'contre', 'contro'])} ${this.typeWithArticle(lower.type)} ${lower.gen}${chamber}${d(lower.date)}${docket}.`;
    }
    if (key === 'mkg') {
      const date = this.firstInstance.date;
      return this.t([
        `Kassationsbeschwerde gegen das Urteil des Militärappellationsgerichts 2 vom ${spell(date, 'de')}.`,
        `Pourvoi en cassation contre le jugement du Tribunal militaire d'appel 2 du ${spell(date, 'fr')}.`,
        `Ricorso per cassazione contro la sentenza del Tribunale militare d'appello 2 del ${spell(date, 'it')}.`,
      ]);
    }
    if (key === 'bstger' && (this.input.chamber.proc ?? profile.proc) === 'appeal') {
      const date = this.firstInstance.date;
      return this.t([
        `Beschwerde gegen die Verfügung der Bundesanwaltschaft vom ${spell(date, 'de')}`,
        `Plainte contre l'ordonnance du Ministère public de la Confédération du ${spell(date, 'fr')}`,
        `Reclamo contro il decreto del Ministero pubblico della Confederazione del ${spell(date, 'it')}`,
      ]);
    }
    if (this.cantonal) {
      const canton = this.input.profile.key.slice(0, 2).toUpperCase();
      const lowerInst = LOWER_INSTANCES[canton] ?? LOWER_INSTANCES.ZH!;
      const { date, docket } = this.firstInstance;
      if ((this.input.chamber.proc ?? profile.proc) === 'civilAppeal') {
        return `${this.t(['Berufung gegen das Urteil', 'Appel contre le jugement', 'Appello contro la sentenza'])} ${this.t(lowerInst.civil)} ${DATE_WORD[this.lang]} ${spell(date, this.lang)} (${docket}).`;
      }
      return `${this.t(['Beschwerde gegen den Entscheid', 'Recours contre la décision', 'Ricorso contro la decisione'])} ${this.t(lowerInst.admin)} ${DATE_WORD[this.lang]} ${spell(date, this.lang)}.`;
    }
    return null;
  }

  private appealName(forHeader: boolean): string {
    const { profile } = this.input;
    const group: AreaGroup = this.area.group;
    let key: string;
    if (this.federal) {
      const g = group === 'social' ? (this.year < 2007 ? 'social' : 'public') : group;
      key = this.year < 2007 ? `old${g}` : g;
    } else if (profile.key === 'bstger') key = 'complaint';
    else if (profile.key === 'mkg') key = 'cassation';
    else key = (this.input.chamber.proc ?? profile.proc) === 'civilAppeal' ? 'civilAppeal' : 'appeal';
    const name = this.t(APPEAL_NAMES[key] ?? APPEAL_NAMES.appeal!);
    return forHeader ? name.replace(/^(un|une) /, '') : name;
  }

  private bgeHeader(regeste: Partial<Record<Lang, string>>): void {
    const { rec, division } = this.input;
    const bge = rec.bge!;
    const div = division ? division[LI[this.lang]] : '';
    const divGen =
      this.lang === 'de'
        ? `der ${div}`
            .replace(/e Abteilung$/, 'en Abteilung')
            .replace(
              /^der Eidgenössisches Versicherungsgericht$/,
              'des Eidgenössischen Versicherungsgerichts',
            )
        : this.lang === 'fr'
          ? div.startsWith('Tribunal')
            ? `du ${div}`
            : `de la ${div}`
          : div.startsWith('Tribunale')
            ? `del ${div}`
            : `della ${div}`;
    const parties = `${this.t(['i.S.', 'dans la cause', 'nella causa'])} A. ${this.t(['gegen', 'contre', 'contro'])} ${withCanton(this.t(this.area.opponent), this.input.canton, this.lang).replace('{B}', 'B.')}`;
    const excerpt = this.t([
      `Auszug aus dem Urteil ${divGen}`,
      `Extrait de l'arrêt ${divGen}`,
      `Estratto della sentenza ${divGen}`,
    ]);
    this.push(this.t(['Urteilskopf', 'Chapeau', 'Intestazione']), `${bge.vol} ${bge.part} ${bge.page}`);
    this.push(`${bge.nr}. ${excerpt} ${parties} (${this.appealName(true)})`);
    this.push(
      rec.placeholder ? bge.orig : `${bge.orig} ${DATE_WORD[this.lang]} ${spell(rec.date, this.lang)}`,
    );
    for (const lang of ['de', 'fr', 'it'] as const) {
      this.push(heading(`${lang === 'it' ? 'Regesto' : 'Regeste'} (${lang})`), regeste[lang] ?? '');
    }
  }

  // ---- facts ---------------------------------------------------------------------------------

  private facts(): void {
    const { rec, lower } = this.input;
    const title = rec.bge
      ? this.t([
          `Sachverhalt ab Seite ${rec.bge.page + 1}`,
          `Faits à partir de page ${rec.bge.page + 1}`,
          `Fatti da pagina ${rec.bge.page + 1}`,
        ])
      : this.t(SECTION.facts!);
    this.push(heading(title));
    const slots = (): Record<string, string> => ({
      A: this.partyA,
      B: this.partyB,
      city: this.city,
      date: spell(this.earlier(300, 2500), this.lang),
      amount: amount(this.rng, this.lang),
    });
    const proc = this.input.chamber.proc ?? this.input.profile.proc;
    if (proc === 'criminalTrial') {
      this.push(...this.trialFacts());
      return;
    }
    const facts = this.area.facts.map((f) => fill(this.t(f), slots()));
    const split = !rec.oldStyle && this.federal && facts.length >= 3 && this.rng.chance(0.3);
    if (split) this.push(`A.a. ${facts.slice(0, 2).join(' ')}`, `A.b. ${facts.slice(2).join(' ')}`);
    else this.push(`A. ${facts.join(' ')}`);
    if (proc === 'regulator') {
      const opened = spell(this.earlier(200, 700), this.lang);
      const heard = spell(this.earlier(20, 150), this.lang);
      const short = this.t(this.input.profile.short);
      this.push(
        `B. ${this.t([`Am ${opened} eröffnete ${short} gegen die ${this.partyA} AG ein Verfahren.`, `Le ${opened}, ${short} a ouvert une procédure contre ${this.partyA} SA.`, `Il ${opened} ${short} ha aperto un procedimento nei confronti di ${this.partyA} SA.`])}`,
      );
      this.push(
        `C. ${this.t([`Die Partei nahm am ${heard} zum Entwurf der Verfügung Stellung.`, `La partie s’est déterminée sur le projet de décision le ${heard}.`, `La parte ha preso posizione sul progetto di decisione il ${heard}.`])}`,
      );
      return;
    }
    const lowerDate = lower?.date ?? this.firstInstance.date;
    const d = (l: Lang): string => spell(lowerDate, l);
    const key = this.input.profile.key;
    const lowerSentence =
      key === 'bvger'
        ? this.t([
            `Mit Verfügung vom ${d('de')} wies die Vorinstanz das Gesuch ab.`,
            `Par décision du ${d('fr')}, l'autorité inférieure a rejeté la demande.`,
            `Con decisione del ${d('it')}, l'autorità inferiore ha respinto la domanda.`,
          ])
        : key === 'bstger'
          ? this.t([
              `Mit Verfügung vom ${d('de')} wies die Bundesanwaltschaft das Gesuch ab.`,
              `Par ordonnance du ${d('fr')}, le Ministère public de la Confédération a rejeté la requête.`,
              `Con decreto del ${d('it')}, il Ministero pubblico della Confederazione ha respinto l'istanza.`,
            ])
          : key === 'mkg'
            ? this.t([
                `Mit Urteil vom ${d('de')} bestätigte das Militärappellationsgericht 2 den erstinstanzlichen Schuldspruch.`,
                `Par jugement du ${d('fr')}, le Tribunal militaire d'appel 2 a confirmé la condamnation.`,
                `Con sentenza del ${d('it')}, il Tribunale militare d'appello 2 ha confermato la condanna.`,
              ])
            : lower
              ? this.t([
                  `Mit ${TYPE_WORDS[lower.type][0]} vom ${spell(lowerDate, 'de')} wies ${lower.nom} das Rechtsmittel ab.`,
                  `Par ${this.typeWithArticle(lower.type, 'fr').replace(/^(l'|la |le )/, '')} du ${spell(lowerDate, 'fr')}, ${lower.nom} a rejeté le recours.`,
                  `Con ${this.typeWithArticle(lower.type, 'it').replace(/^(la |il )/, '')} del ${spell(lowerDate, 'it')}, ${lower.nom} ha respinto il gravame.`,
                ])
              : this.cantonal && (this.input.chamber.proc ?? this.input.profile.proc) === 'civilAppeal'
                ? this.t([
                    `Mit Urteil vom ${spell(lowerDate, 'de')} (${this.firstInstance.docket}) wies die erste Instanz die Klage ab.`,
                    `Par jugement du ${spell(lowerDate, 'fr')} (${this.firstInstance.docket}), le premier juge a rejeté la demande.`,
                    `Con sentenza del ${spell(lowerDate, 'it')} (${this.firstInstance.docket}), il primo giudice ha respinto la petizione.`,
                  ])
                : this.t([
                    `Mit Entscheid vom ${spell(lowerDate, 'de')} wies die erste Instanz das Begehren ab.`,
                    `Par décision du ${spell(lowerDate, 'fr')}, la première instance a rejeté la requête.`,
                    `Con decisione del ${spell(lowerDate, 'it')}, la prima istanza ha respinto l'istanza.`,
                  ]);
    this.push(`B. ${lowerSentence}`);
    const filed = spell(this.earlier(5, 50), this.lang);
    this.push(
      `C. ${this.t([
        `Gegen diesen Entscheid erhob ${this.partyA} am ${filed} ${this.appealName(true)}. ${cap(this.roles.appellant)} beantragt, der angefochtene Entscheid sei aufzuheben.`,
        `Le ${filed}, ${this.partyA} a interjeté ${this.appealName(false)} contre cette décision. ${cap(this.roles.appellant)} conclut à l'annulation de la décision attaquée.`,
        `Il ${filed} ${this.partyA} ha interposto ${this.appealName(false)} contro tale decisione. ${cap(this.roles.appellant)} chiede l'annullamento della decisione impugnata.`,
      ])}`,
    );
    if (this.rng.chance(0.5)) {
      this.push(
        `D. ${this.t(
          this.rng.pick([
            [
              'Es wurden keine Vernehmlassungen eingeholt.',
              "Il n'a pas été ordonné d'échange d'écritures.",
              'Non è stato ordinato uno scambio di allegati.',
            ],
            [
              'Die Gegenpartei beantragt die Abweisung des Rechtsmittels. Die Vorinstanz verzichtet auf eine Vernehmlassung.',
              "La partie adverse conclut au rejet du recours. L'autorité précédente a renoncé à se déterminer.",
              "La controparte propone la reiezione del gravame. L'autorità inferiore ha rinunciato a presentare osservazioni.",
            ],
          ] as const),
        )}`,
      );
    }
  }

  private trialFacts(): string[] {
    const indicted = spell(this.earlier(60, 300), this.lang);
    const hearing = spell(this.earlier(5, 40), this.lang);
    const subject = this.t(this.area.subjects[this.subject]!);
    return [
      `A. ${this.t([`Die Bundesanwaltschaft führte gegen ${this.partyA} ein Strafverfahren (${subject}).`, `Le Ministère public de la Confédération a conduit une procédure pénale contre ${this.partyA} (${subject}).`, `Il Ministero pubblico della Confederazione ha condotto un procedimento penale nei confronti di ${this.partyA} (${subject}).`])}`,
      `B. ${this.t([`Mit Anklageschrift vom ${indicted} erhob sie beim Bundesstrafgericht Anklage.`, `Par acte d’accusation du ${indicted}, il a renvoyé le prévenu en jugement devant le Tribunal pénal fédéral.`, `Con atto d’accusa del ${indicted} ha promosso l’accusa davanti al Tribunale penale federale.`])}`,
      `C. ${this.t([`Die Hauptverhandlung fand am ${hearing} in Bellinzona statt.`, `Les débats ont eu lieu le ${hearing} à Bellinzone.`, `Il dibattimento si è svolto il ${hearing} a Bellinzona.`])}`,
    ];
  }

  // ---- considerations ------------------------------------------------------------------------

  private considerations(): void {
    const { rec } = this.input;
    const title = rec.bge
      ? SECTION.considerationsBge!
      : rec.oldStyle && this.federal
        ? SECTION.considerationsOld!
        : SECTION.considerations!;
    this.push(heading(this.t(title)));
    const labels = rec.structure.split('|');
    this.sentencesLeft = Math.round(labels.length * 2.5);
    labels.forEach((label, i) => {
      const isParent = labels[i + 1]?.startsWith(rec.oldStyle ? label : `${label}.`) ?? false;
      const first = label === '1' || label.startsWith('1.') || /^1[a-z]/.test(label);
      const sentences = first
        ? this.admissibility(isParent ? 1 : 2)
        : this.reasoning(isParent ? this.rng.int(1, 2) : this.rng.int(2, 4));
      const last = i === labels.length - 1;
      if (!first && this.quotable === null && !label.includes('/')) {
        const candidate = sentences.find(quotable);
        if (candidate) this.quotable = { label, text: candidate };
      }
      if (!first && this.quotations.length > 0)
        sentences.push(QUOTE_LEAD[this.lang](this.quotations.shift()!));
      if (last)
        sentences.push(
          ...this.quotations.splice(0).map((q) => QUOTE_LEAD[this.lang](q)),
          ...this.leftovers(),
          this.conclusion(),
        );
      this.push(`${this.displayLabel(label)} ${sentences.join(' ')}`);
      if (!isParent && !last && this.rng.chance(0.12))
        this.push(this.reasoning(this.rng.int(1, 2)).join(' '));
    });
  }

  private displayLabel(label: string): string {
    const { rec, profile } = this.input;
    if (rec.oldStyle) {
      if (/^\d+$/.test(label)) return `${label}.`;
      const m = /^\d+([a-z])(?:\/([a-z]+))?$/.exec(label);
      return m?.[2] ? `${m[2]})` : `${m?.[1] ?? label})`;
    }
    return label.includes('.') ? (profile.trailingDot ? `${label}.` : label) : `${label}.`;
  }

  private admissibility(count: number): string[] {
    const proc = this.input.chamber.proc ?? this.input.profile.proc;
    const kind = this.federal ? (this.year >= 2007 ? 'federalModern' : 'federalOld') : proc;
    const pool = ADMISSIBILITY[kind].filter((t) => this.year >= 2011 || !t[0].includes('ZPO'));
    const chosen = this.rng.sample(pool, Math.min(count, pool.length));
    return chosen.map((t) => this.sentence(this.t(t)));
  }

  private get firstInstanceProc(): boolean {
    const proc = this.input.chamber.proc ?? this.input.profile.proc;
    return proc === 'regulator' || proc === 'criminalTrial';
  }

  private reasoning(count: number): string[] {
    const templates = this.firstInstanceProc
      ? REASONING[this.lang].filter((t) => !APPEAL_ONLY.test(t))
      : REASONING[this.lang];
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const want = this.citations.length / Math.max(1, this.sentencesLeft);
      if (this.usedTemplates.size >= templates.length - 4) this.usedTemplates.clear();
      const fresh = templates.filter((t) => !this.usedTemplates.has(t));
      const withCite = fresh.filter((t) => t.includes('{C}'));
      const without = fresh.filter((t) => !t.includes('{C}'));
      const pool =
        this.citations.length > 0 && withCite.length > 0 && this.rng.chance(Math.min(1, want * 1.6))
          ? withCite
          : without.length > 0
            ? without
            : fresh;
      const template = this.rng.pick(pool);
      this.usedTemplates.add(template);
      out.push(this.sentence(template));
      this.sentencesLeft = Math.max(0, this.sentencesLeft - 1);
    }
    return out;
  }

  private sentence(template: string): string {
    const slots: Record<string, string> = {
      T: this.term(this.rng.int(0, 2)),
      T2: this.term(this.rng.int(3, 5)),
      S: this.statute(),
      S2: this.statute(),
      LC: this.roles.lower,
      P: this.roles.appellant,
    };
    let text = inlineStatutes(template, this.lang);
    if (text.includes('{C}')) {
      const first = this.takeCitation();
      const second = text.includes('{C2}') ? this.takeCitation() : undefined;
      text = text
        .replace('{C}', first ?? '')
        .replace('; {C2}', second ? `; ${second}` : '')
        .replace('{C2}', second ?? '');
      text = text.replace(/ \(\)/g, '');
    }
    return fill(text, slots).replace(/\.\.(?=\s|$)/g, '.');
  }

  private leftovers(): string[] {
    const out: string[] = [];
    while (this.citations.length > 0) {
      const cites = this.citations.splice(0, this.rng.int(1, 3));
      out.push(fill(this.t(SEE_ALSO), { C: cites.join('; ') }));
    }
    return out;
  }

  private conclusion(): string {
    const table: Record<Outcome, [string, string, string]> = {
      dismissed: [
        'Das Rechtsmittel erweist sich als unbegründet und ist abzuweisen.',
        'Mal fondé, le recours doit être rejeté.',
        'Infondato, il gravame va respinto.',
      ],
      partly: [
        'Das Rechtsmittel ist teilweise gutzuheissen.',
        'Le recours doit être partiellement admis.',
        'Il gravame va parzialmente accolto.',
      ],
      granted: [
        'Das Rechtsmittel ist demnach gutzuheissen.',
        'Le recours doit dès lors être admis.',
        'Il gravame va pertanto accolto.',
      ],
      inadmissible: [
        'Auf das Rechtsmittel ist nicht einzutreten.',
        'Le recours est irrecevable.',
        'Il gravame è inammissibile.',
      ],
    };
    if (this.firstInstanceProc) {
      return this.t([
        'Die Voraussetzungen der angeordneten Rechtsfolgen sind erfüllt.',
        'Les conditions des mesures ordonnées sont dès lors réunies.',
        'Le condizioni delle misure ordinate sono pertanto adempiute.',
      ]);
    }
    return this.t(table[this.outcome]);
  }

  private pageMarkers(bodyStart: number): void {
    // The facts start on the second page ("Sachverhalt ab Seite 87"); later page breaks are marked.
    const bge = this.input.rec.bge!;
    const body = this.out.length - bodyStart;
    for (let k = bge.pages - 1; k >= 2; k--) {
      const at = bodyStart + Math.max(1, Math.floor(((k - 1) * body) / (bge.pages - 1)));
      this.out.splice(at, 0, `${this.t(SECTION.page!)} ${bge.page + k}`);
    }
  }

  // ---- operative part ------------------------------------------------------------------------

  private operative(): void {
    const { rec, profile, lower } = this.input;
    const proc = this.input.chamber.proc ?? profile.proc;
    const type = rec.type;
    const verb =
      type === 'Verfügung' && this.firstInstanceProc
        ? this.t(['verfügt', 'décide', 'decide'])
        : this.t(OPERATIVE_VERB[type]);
    const [presName, presFemale] = this.president;
    let title: string;
    if (type === 'Verfügung' && proc !== 'regulator') {
      const who = this.t(
        presFemale
          ? ['die Präsidentin', 'la Présidente', 'la Presidente']
          : ['der Präsident', 'le Président', 'il Presidente'],
      );
      title = this.t([
        `Demnach verfügt ${who}:`,
        `Par ces motifs, ${who} ordonne :`,
        `Per questi motivi, ${who} decreta:`,
      ]);
    } else {
      const who = this.t(profile.short);
      title = this.t([
        `Demnach ${verb} ${who}:`,
        `Par ces motifs, ${who} ${verb} :`,
        `Per questi motivi, ${who} ${verb}:`,
      ]);
    }
    this.push(heading(title));
    const items: string[] = [];
    const costs = amount(this.rng, this.lang, 500, 8000);
    if (type === 'Verfügung' && proc !== 'regulator') {
      items.push(
        this.t([
          'Das Verfahren wird als gegenstandslos abgeschrieben.',
          'La cause est rayée du rôle, devenue sans objet.',
          'La causa è stralciata dai ruoli perché priva di oggetto.',
        ]),
      );
    } else if (proc === 'criminalTrial') {
      items.push(
        this.t([
          `${this.partyA} wird im Sinne der Anklage schuldig gesprochen.`,
          `${this.partyA} est reconnu coupable au sens de l'acte d'accusation.`,
          `${this.partyA} è riconosciuto autore colpevole ai sensi dell'atto d'accusa.`,
        ]),
        this.t([
          'Die Strafe wird auf eine Freiheitsstrafe von 24 Monaten festgesetzt, bedingt vollziehbar bei einer Probezeit von zwei Jahren.',
          'La peine est fixée à 24 mois de privation de liberté, avec sursis pendant deux ans.',
          'La pena è fissata in 24 mesi di detenzione, sospesa condizionalmente per un periodo di prova di due anni.',
        ]),
      );
    } else if (proc === 'regulator') {
      items.push(
        this.t([
          `Es wird festgestellt, dass die ${this.partyA} AG aufsichtsrechtliche Bestimmungen schwer verletzt hat.`,
          `Il est constaté que ${this.partyA} SA a gravement violé le droit de la surveillance.`,
          `Si accerta che ${this.partyA} SA ha violato gravemente il diritto in materia di vigilanza.`,
        ]),
      );
    } else {
      items.push(this.t(OUTCOME_ITEMS[proc === 'civilAppeal' ? 'civilAppeal' : 'appeal'][this.outcome]));
    }
    if (proc === 'regulator') {
      items.push(
        this.t([
          `Die Verfahrenskosten von ${costs} werden der ${this.partyA} AG auferlegt.`,
          `Les frais de procédure, arrêtés à ${costs}, sont mis à la charge de ${this.partyA} SA.`,
          `Le spese procedurali di ${costs} sono poste a carico di ${this.partyA} SA.`,
        ]),
      );
    } else {
      items.push(
        this.outcome === 'granted' && proc !== 'criminalTrial'
          ? this.t([
              'Es werden keine Gerichtskosten erhoben.',
              "Il n'est pas perçu de frais judiciaires.",
              'Non si prelevano spese giudiziarie.',
            ])
          : this.t([
              `Die Gerichtskosten von ${costs} werden ${this.roles.costs} auferlegt.`,
              `Les frais judiciaires, arrêtés à ${costs}, sont mis à la charge ${this.roles.costs}.`,
              `Le spese giudiziarie di ${costs} sono poste a carico ${this.roles.costs}.`,
            ]),
      );
    }
    if (
      proc !== 'regulator' &&
      proc !== 'criminalTrial' &&
      this.outcome !== 'granted' &&
      this.rng.chance(0.5)
    ) {
      const fee = amount(this.rng, this.lang, 800, 9000);
      items.push(
        this.t([
          `${cap(this.roles.appellant)} hat der Gegenpartei für das Verfahren eine Parteientschädigung von ${fee} zu bezahlen.`,
          `${cap(this.roles.appellant)} versera à la partie adverse une indemnité de ${fee} à titre de dépens.`,
          `${cap(this.roles.appellant)} rifonderà alla controparte ${fee} a titolo di ripetibili.`,
        ]),
      );
    }
    items.push(this.communication(lower));
    items.forEach((item, i) => this.push(`${i + 1}. ${item}`));
    if (rec.bge) return;
    const place = this.t(this.input.chamber.place ?? profile.place);
    this.push(rec.placeholder ? place : `${place}, ${spell(rec.date, this.lang)}`);
    this.push(
      this.t([`Im Namen ${profile.gen[0]}`, `Au nom ${profile.gen[1]}`, `In nome ${profile.gen[2]}`]),
    );
    const [clerkName, clerkFemale] = this.clerk;
    this.push(
      `${this.t(presFemale ? ['Die Präsidentin:', 'La Présidente :', 'La Presidente:'] : ['Der Präsident:', 'Le Président :', 'Il Presidente:'])} ${presName || personName(this.rng, this.lang)}`,
      `${this.t(clerkFemale ? ['Die Gerichtsschreiberin:', 'La Greffière :', 'La Cancelliera:'] : ['Der Gerichtsschreiber:', 'Le Greffier :', 'Il Cancelliere:'])} ${clerkName || personName(this.rng, this.lang)}`,
    );
  }

  private communication(lower: LowerRef | null): string {
    const type = this.input.rec.type;
    const subject = this.t(
      {
        Urteil: ['Dieses Urteil wird', 'Le présent arrêt est communiqué', 'Comunicazione'],
        Beschluss: ['Dieser Beschluss wird', 'La présente décision est communiquée', 'Comunicazione'],
        Entscheid: ['Dieser Entscheid wird', 'La présente décision est communiquée', 'Comunicazione'],
        Verfügung: [
          'Diese Verfügung wird',
          this.firstInstanceProc
            ? 'La présente décision est communiquée'
            : 'La présente ordonnance est communiquée',
          'Comunicazione',
        ],
      }[type] as [string, string, string],
    );
    const recipient = lower ? this.dative(lower.nom) : null;
    if (this.lang === 'de')
      return `${subject} den Parteien${recipient ? ` und ${recipient}` : ''} schriftlich mitgeteilt.`;
    if (this.lang === 'fr') return `${subject} aux parties${recipient ? ` et ${recipient}` : ''}.`;
    return `${subject} alle parti${recipient ? ` e ${recipient}` : ''}.`;
  }

  /** "dem Obergericht ..." / "à la Cour de justice ..." / "al Tribunale d'appello ...". */
  private dative(nom: string): string {
    if (this.lang === 'de')
      return nom
        .replace(/^das /, 'dem ')
        .replace(/^die /, 'der ')
        .replace(/^der /, 'dem ')
        .replace(/Kantonale /, 'Kantonalen ');
    if (this.lang === 'fr')
      return nom
        .replace(/^le /, 'au ')
        .replace(/^la /, 'à la ')
        .replace(/^l['’]/, "à l'");
    return nom
      .replace(/^il /, 'al ')
      .replace(/^la /, 'alla ')
      .replace(/^l['’]/, "all'");
  }
}
