import { CITATION_CORPUS } from './citation-corpus.ts';
import { DOCTRINE_CORPUS } from './doctrine-corpus.ts';
import { sampleCommentaryEvents } from './commentaries.ts';
import { decisionEvent } from './decisions.ts';
import { openStatuteWorld, type StatuteWorld } from './statutes.ts';

/**
 * Every research read model over the embedded engine: the bundled statute sample (statutes,
 * legislation catalogue, gazette index), the commentary sample and the citation corpus of decisions, projected by all
 * projections, with the API over it (today = 2026-11-22).
 */
export async function openResearchWorld(): Promise<StatuteWorld> {
  const world = await openStatuteWorld({ allProjections: true });
  await world.publish(CITATION_CORPUS.map(decisionEvent));
  await world.publish(await sampleCommentaryEvents());
  return world;
}

/** The research world plus a line of decisions on Art. 41 OR with a change of practice (doctrine-corpus.ts). */
export async function openDoctrineWorld(): Promise<StatuteWorld> {
  const world = await openResearchWorld();
  await world.publish(DOCTRINE_CORPUS.map(decisionEvent));
  return world;
}
