import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSUMER_TUNING, fetchBytesFor } from './kafka-subscription.ts';

const MiB = 1024 * 1024;

describe('fetchBytesFor: how much one fetch of a partition may bring', () => {
  it.each([
    // batch size, bytes per event, bytes per fetch
    [1, 32 * 1024, MiB], // never below kafkajs's own 1 MiB
    [32, 32 * 1024, MiB],
    [50, 32 * 1024, 1.5625 * MiB],
    [250, 32 * 1024, 250 * 32 * 1024], // the projector's default batch: 7.8 MiB
    [500, 32 * 1024, 500 * 32 * 1024], // a rebuild's: 15.6 MiB
    [1024, 32 * 1024, 32 * MiB],
    [5000, 32 * 1024, 32 * MiB], // bounded: a consumer's memory
    [250, 64 * 1024, 250 * 64 * 1024],
  ])('batches of %i events at %i bytes each: %i bytes', (batchSize, perEvent, bytes) => {
    expect(fetchBytesFor(batchSize, { ...DEFAULT_CONSUMER_TUNING, fetchBytesPerEvent: perEvent })).toBe(
      bytes,
    );
  });

  it('asks 32 KiB per event by default', () => {
    expect(fetchBytesFor(250, DEFAULT_CONSUMER_TUNING)).toBe(250 * 32 * 1024);
  });
});
