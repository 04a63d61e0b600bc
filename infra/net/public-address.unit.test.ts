import { describe, expect, it } from 'vitest';
import { assertPublicTarget, isPublicAddress, namesNonPublicHost } from './public-address.ts';

describe('public addresses', () => {
  it.each([
    ['8.8.8.8', true],
    ['195.176.0.1', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not an address', false],
  ])('%s: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each([
    ['http://127.0.0.1:8080/hook', true],
    ['http://[::1]/hook', true],
    ['https://localhost/x', true],
    ['https://api.localhost/x', true],
    ['http://10.0.0.5/', true],
    ['https://hooks.example.ch/x', false],
    ['https://8.8.8.8/x', false],
  ])('%s names a non-public host: %s', (url, expected) => {
    expect(namesNonPublicHost(new URL(url))).toBe(expected);
  });

  it('refuses a target resolving to a non-public address', async () => {
    await expect(assertPublicTarget(new URL('http://localhost:9/x'))).rejects.toThrow(/non-public address/);
    await expect(assertPublicTarget(new URL('http://169.254.169.254/latest'))).rejects.toThrow(
      /169\.254\.169\.254/,
    );
    await expect(assertPublicTarget(new URL('https://8.8.8.8/'))).resolves.toBeUndefined();
  });
});
