import { describe, expect, it } from 'vitest';
import { retryRetriable } from './kafka-errors.ts';

const kafkaError = (retriable: boolean) =>
  Object.assign(new Error('This server is not the leader for that topic-partition'), { retriable });

describe('retryRetriable', () => {
  it('tries again while kafkajs marks the failure retriable, then returns the result', async () => {
    let calls = 0;
    const result = await retryRetriable(
      async () => {
        calls++;
        if (calls < 3) throw kafkaError(true);
        return 'offsets';
      },
      6,
      1,
    );
    expect(result).toBe('offsets');
    expect(calls).toBe(3);
  });

  it('rethrows a failure that is not retriable at once', async () => {
    let calls = 0;
    const failure = kafkaError(false);
    await expect(
      retryRetriable(
        async () => {
          calls++;
          throw failure;
        },
        6,
        1,
      ),
    ).rejects.toBe(failure);
    expect(calls).toBe(1);
  });

  it('gives up after the last attempt with the last failure', async () => {
    let calls = 0;
    await expect(
      retryRetriable(
        async () => {
          calls++;
          throw kafkaError(true);
        },
        4,
        1,
      ),
    ).rejects.toMatchObject({ retriable: true });
    expect(calls).toBe(4);
  });
});
