import { readFile } from 'node:fs/promises';
import { HttpFetchError, type HttpTextClient } from '../../http/http-text.port.ts';

/**
 * Recorded answers of a JSON API, one file mapping each full URL (query string included) to its
 * body: the bundled commentary sample is read through the live source this way, without network.
 */
export class RecordedHttp implements HttpTextClient {
  private answers: Promise<Readonly<Record<string, string>>> | null = null;

  constructor(private readonly file: string) {}

  private load() {
    this.answers ??= readFile(this.file, 'utf8').then((t) => JSON.parse(t) as Record<string, string>);
    return this.answers;
  }

  async getText(url: string): Promise<string> {
    const body = (await this.load())[url];
    if (body === undefined) throw new HttpFetchError(url, 404, `${url}: not recorded`);
    return body;
  }

  async postForm(url: string): Promise<string> {
    throw new HttpFetchError(url, 405, `${url}: recorded answers hold GET requests only`);
  }
}
