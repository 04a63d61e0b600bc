import { describe, expect, it } from 'vitest';
import { readyBanner } from './ready-banner.ts';

describe('ready banner', () => {
  const lines = readyBanner('http://127.0.0.1:8080', 12.345, "bge_BGE_140_III_86'x");

  it('names the URL, the time and the docs', () => {
    expect(lines).toContain('ready in 12.3 s — serving on http://127.0.0.1:8080');
    expect(lines).toContain(
      '  API docs:  http://127.0.0.1:8080/docs   (OpenAPI: http://127.0.0.1:8080/openapi.json)',
    );
    expect(lines).toContain(
      '  AI tools:  MCP at http://127.0.0.1:8080/mcp   (typed research OpenAPI: http://127.0.0.1:8080/research/openapi.json)',
    );
  });

  it('prints each example request on a line of its own, ready to paste', () => {
    const examples = lines.slice(lines.indexOf('  try:') + 1);
    expect(examples.length).toBeGreaterThanOrEqual(10);
    for (const line of examples) {
      expect(line).toMatch(/^ {4}curl /);
      expect(line.match(/\bcurl\b/g)).toHaveLength(1);
      // Balanced single quotes: the shell sees one complete command.
      expect((line.match(/'/g) ?? []).length % 2).toBe(0);
    }
    expect(examples.some((l) => l.includes('/laws/OR?article=41'))).toBe(true);
    expect(examples.some((l) => l.includes('/scraper-health'))).toBe(true);
    expect(examples).toContain(
      "    curl -OJ 'http://127.0.0.1:8080/decisions/bge_BGE_140_III_86%27x/export.pdf'",
    );
    expect(examples.some((l) => l.includes('/atom/bger.xml'))).toBe(true);
  });
});
