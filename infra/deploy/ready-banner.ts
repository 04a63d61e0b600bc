/**
 * What the embedded process prints once it serves: the URL, the docs and example requests, one
 * command a line (`exampleDecision`: a decision id the exports examples name).
 */
export function readyBanner(url: string, seconds: number, exampleDecision?: string): string[] {
  const exportOf = (id: string, ext: string) =>
    `curl -OJ '${url}/decisions/${encodeURIComponent(id).replace(/'/g, '%27')}/export.${ext}'`;
  const examples = [
    `curl -G '${url}/decisions' --data-urlencode 'query=Kündigung' -d limit=3`,
    `curl -G '${url}/decisions' --data-urlencode 'query="fristlose Kündigung" OR Mietvertrag' -d sort=date_desc`,
    `curl '${url}/decisions?court=bger&language=fr&fields=compact&limit=5'`,
    `curl '${url}/laws/OR?article=41'`,
    `curl '${url}/laws/aDSG?as_of=2023-08-31&article=4'`,
    `curl -G '${url}/laws/search' --data-urlencode 'query=Art. 60 OR'`,
    `curl '${url}/legislation/changes?canton=ZH'`,
    `curl '${url}/courts'`,
    `curl '${url}/statistics?canton=ZH'`,
    `curl '${url}/scraper-health'`,
    `curl '${url}/atom/bger.xml'`,
    ...(exampleDecision ? [exportOf(exampleDecision, 'pdf'), exportOf(exampleDecision, 'bib')] : []),
  ];
  return [
    '',
    `ready in ${seconds.toFixed(1)} s — serving on ${url}`,
    `  API docs:  ${url}/docs   (OpenAPI: ${url}/openapi.json)`,
    `  AI tools:  MCP at ${url}/mcp   (typed research OpenAPI: ${url}/research/openapi.json)`,
    '  try:',
    ...examples.map((command) => `    ${command}`),
  ];
}
