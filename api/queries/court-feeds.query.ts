import { courtByKey } from '../../contracts/courts/court-registry.ts';
import type { Database } from '../../infra/db/database.ts';
import type { CourtFeedSnapshot } from '../exports/atom.ts';

/** The language most of a feed's decisions are written in (German when none or Romansh). */
function mainLanguage(entries: readonly { readonly language: string }[]): 'de' | 'fr' | 'it' {
  const counts = { de: 0, fr: 0, it: 0 };
  for (const e of entries)
    if (e.language === 'fr' || e.language === 'it' || e.language === 'de') counts[e.language]++;
  return counts.fr > counts.de && counts.fr >= counts.it
    ? 'fr'
    : counts.it > counts.de && counts.it > counts.fr
      ? 'it'
      : 'de';
}

/** A cantonal court's name with its canton (`Obergericht (ZH)`), unless the name already says it. */
function feedTitle(name: string, canton: string): string {
  return canton === 'CH' || new RegExp(`\\b${canton}\\b`).test(name) ? name : `${name} (${canton})`;
}

/** Which snapshot a court's feed is at (its digest and update), without its entries; null for an unknown court. */
export async function courtFeedVersion(
  db: Database,
  court: string,
): Promise<{ readonly digest: string; readonly updated: string | null } | null> {
  const row = await db
    .selectFrom('court_feeds')
    .select(['digest', 'updated'])
    .where('court', '=', court)
    .executeTakeFirst();
  if (row) return row;
  return courtByKey(court) ? { digest: EMPTY_DIGEST, updated: null } : null;
}

const EMPTY_DIGEST = 'empty';

/**
 * A court's feed snapshot as the `court-feeds` projection keeps it; an empty snapshot for a
 * registered court without decisions; null for a court the service does not know.
 */
export async function loadCourtFeed(
  db: Database,
  court: string,
): Promise<(CourtFeedSnapshot & { readonly digest: string }) | null> {
  const row = await db.selectFrom('court_feeds').selectAll().where('court', '=', court).executeTakeFirst();
  const registered = courtByKey(court);
  if (!row && !registered) return null;
  const entries = row?.entries ?? [];
  return {
    court,
    courtName: registered ? feedTitle(registered.name[mainLanguage(entries)], registered.canton) : court,
    canton: registered?.canton ?? entries[0]?.canton ?? 'CH',
    entries,
    updated: row?.updated ?? null,
    digest: row?.digest ?? EMPTY_DIGEST,
  };
}
