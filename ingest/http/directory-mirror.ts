import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { HttpFetchError, type HttpTextClient } from './http-text.port.ts';

/**
 * A local mirror of web resources: `https://host/a/b.xml` is the file `{root}/host/a/b.xml`. The
 * bundled sample writes its statute files this way, so the same sources (and parsers) read them
 * as they would read the portals, without the network.
 */
export class DirectoryMirror implements HttpTextClient {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file that mirrors a URL (throws for URLs that would leave the mirror). */
  pathOf(url: string): string {
    const u = new URL(url);
    const path = resolve(
      this.root,
      u.host,
      ...decodeURIComponent(u.pathname)
        .split('/')
        .filter((p) => p.length > 0),
    );
    const inside = relative(this.root, path);
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..') {
      throw new HttpFetchError(url, 400, `${url} is outside the mirror`);
    }
    return path;
  }

  async getText(url: string): Promise<string> {
    return new TextDecoder().decode(await this.getBytes(url));
  }

  async getBytes(url: string): Promise<Uint8Array> {
    const path = this.pathOf(url);
    try {
      return new Uint8Array(await readFile(path));
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new HttpFetchError(
        url,
        missing ? 404 : 500,
        `${url}: ${missing ? 'not in the mirror' : (error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }

  async postForm(url: string): Promise<string> {
    throw new HttpFetchError(url, 405, `${url}: a directory mirror answers GET only`);
  }

  /** Where to write the mirror copy of a URL (for generators). */
  static fileFor(root: string, url: string): string {
    const u = new URL(url);
    return join(
      resolve(root),
      u.host,
      ...decodeURIComponent(u.pathname)
        .split('/')
        .filter((p) => p.length > 0),
    );
  }
}
