import { z } from 'zod';

/** The streams of the event log; one Kafka topic each in distributed mode. */
export const STREAMS = [
  'decisions',
  'scraper-health',
  'statutes',
  'legislation-catalog',
  'billing',
  'commentaries',
  'materials',
] as const;
export type StreamName = (typeof STREAMS)[number];

export const isoDateTime = z.iso.datetime({ offset: true });
export const isoDate = z.iso.date();

/** Fields every event carries, whatever its type. `data` is checked per type. */
export const envelopeSchema = z.object({
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  eventId: z.string().min(1),
  occurredAt: isoDateTime,
  source: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});
export type RawEnvelope = z.infer<typeof envelopeSchema>;

/** Build the envelope schema of one event type and version. */
export function eventSchema<T extends string, V extends number, D extends z.ZodType>(
  type: T,
  version: V,
  data: D,
) {
  return envelopeSchema.extend({
    type: z.literal(type),
    schemaVersion: z.literal(version),
    data,
  });
}
