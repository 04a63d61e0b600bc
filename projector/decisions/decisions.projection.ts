import { docketLookupKey } from '../../contracts/search/reference-keys.ts';
import type { DecisionPublished } from '../../contracts/events/index.ts';
import type { PositionedEvent, Projection, ProjectionContext } from '../projection.ts';
import { decisionsStorage } from './decisions.storage.ts';

/**
 * The decisions read model: the latest version of every decision plus its version history. A
 * re-delivery (position not newer) and a re-scrape with the same content hash change nothing; a
 * new hash bumps the version.
 */
export const decisionsProjection: Projection = {
  name: 'decisions',
  storage: decisionsStorage,
  streams: ['decisions'],
  handles: ['DecisionPublished'],
  async handle(batch: readonly PositionedEvent[], { tx, now }: ProjectionContext): Promise<void> {
    for (const { event, position } of batch as readonly PositionedEvent<DecisionPublished>[]) {
      const d = event.data;
      const current = await tx
        .selectFrom('decisions')
        .select(['content_hash', 'version', 'event_position'])
        .where('decision_id', '=', d.decision_id)
        .executeTakeFirst();
      if (
        current &&
        (Number(current.event_position) >= position || current.content_hash === d.provenance.content_hash)
      )
        continue;
      const version = (current?.version ?? 0) + 1;
      const row = {
        decision_id: d.decision_id,
        court: d.court,
        canton: d.canton,
        chamber: d.chamber,
        docket_number: d.docket_number,
        docket_key: docketLookupKey(d.docket_number) ?? d.docket_number,
        decision_type: d.decision_type,
        decision_date: d.decision_date,
        publication_date: d.publication_date,
        language: d.language,
        title: d.title,
        regeste: d.regeste,
        full_text: d.full_text,
        source_url: d.source_url,
        source: d.provenance.source,
        source_item_id: d.provenance.source_item_id,
        scraped_at: d.provenance.scraped_at,
        content_hash: d.provenance.content_hash,
        version,
        event_position: position,
        updated_at: now,
      };
      await tx
        .insertInto('decisions')
        .values(row)
        .onConflict((oc) => oc.column('decision_id').doUpdateSet(row))
        .execute();
      await tx
        .insertInto('decision_versions')
        .values({
          decision_id: d.decision_id,
          version,
          content_hash: d.provenance.content_hash,
          event_id: event.eventId,
          event_position: position,
          scraped_at: d.provenance.scraped_at,
        })
        .onConflict((oc) => oc.columns(['decision_id', 'version']).doNothing())
        .execute();
    }
  },
};
