/**
 * The deployables as child processes, for end-to-end tests and benchmarks: `node --import tsx
 * <script>` from the repository root (or the built bundle, as `npm start` runs it), its output
 * kept, stopped by signal with a deadline.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** One deployable as a child process, its output kept for assertions and failure reports. */
export class Proc {
  readonly exited: Promise<Exit>;
  private out = '';
  private exit: Exit | null = null;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.out += chunk.toString();
      if (this.out.length > 4_000_000) this.out = this.out.slice(-2_000_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      }),
    );
  }

  output(): string {
    return this.out;
  }

  alive(): boolean {
    return this.exit === null;
  }

  /** Sends `signal` and waits for the exit; kills it (and fails) after `timeoutMs`. */
  async stop(
    signal: NodeJS.Signals = 'SIGTERM',
    timeoutMs = 20_000,
  ): Promise<Exit & { readonly ms: number }> {
    const started = performance.now();
    if (this.exit) return { ...this.exit, ms: 0 };
    this.child.kill(signal);
    const timer = sleep(timeoutMs).then(() => null);
    const exit = await Promise.race([this.exited, timer]);
    if (!exit) {
      this.child.kill('SIGKILL');
      throw new Error(`${this.name} did not exit within ${timeoutMs} ms after ${signal}:\n${this.tail()}`);
    }
    return { ...exit, ms: performance.now() - started };
  }

  /** Waits for a successful exit; fails with the last lines of output otherwise. */
  async finished(): Promise<void> {
    const exit = await this.exited;
    if (exit.code !== 0)
      throw new Error(`${this.name} exited with ${exit.code ?? exit.signal}:\n${this.tail()}`);
  }

  /** Waits until the output matches `pattern`; fails if the process exits first. */
  async waitForOutput(pattern: RegExp): Promise<void> {
    if (pattern.test(this.out)) return;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(this.out)) return;
        this.child.stdout?.off('data', check);
        this.child.stderr?.off('data', check);
        resolve();
      };
      this.child.stdout?.on('data', check);
      this.child.stderr?.on('data', check);
      void this.exited.then((exit) =>
        reject(new Error(`${this.name} exited with ${exit.code ?? exit.signal}:\n${this.tail()}`)),
      );
    });
  }

  tail(lines = 30): string {
    return this.out.split('\n').slice(-lines).join('\n');
  }
}

/** Starts `script` (a path from the repository root) with `env` on top of this process's environment. */
export function startDeployable(
  name: string,
  script: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Proc {
  return spawnNode(name, ['--import', 'tsx', script, ...args], env);
}

function spawnNode(name: string, argv: readonly string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, argv, {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Proc(name, child);
}

/** Builds the deployables' bundles (`npm run build`: `dist/<script>.mjs`), as every `npm start*` does. */
export function buildDeployables(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: REPO, stdio: 'inherit' });
}

/** Every built bundle an npm script of `package.json` starts, with the Node options it gives it. */
export function bundlesStartedByScripts(): { bundle: string; options: string[] }[] {
  const { scripts } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return Object.values(scripts).flatMap((script) =>
    [...script.matchAll(/node((?: --\S+)*) (dist\/\S+\.mjs)/g)].map((m) => ({
      bundle: m[2]!,
      options: (m[1] ?? '').split(' ').filter((o) => o !== ''),
    })),
  );
}

/**
 * The Node options an npm script starts `bundle` with (`node --max-old-space-size=512
 * dist/api/server.mjs` gives `--max-old-space-size=512`); none when no script starts it.
 */
export function startOptionsOf(bundle: string): string[] {
  return bundlesStartedByScripts().find((s) => s.bundle === bundle)?.options ?? [];
}

/**
 * A deployable from its built bundle (`script` as in the sources: `api/server.ts`), with the Node
 * options its npm start script gives it; build first.
 */
export function startBuilt(
  name: string,
  script: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Proc {
  const bundle = `dist/${script.replace(/\.ts$/, '.mjs')}`;
  return spawnNode(name, [...startOptionsOf(bundle), bundle, ...args], env);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `probe` until `done` holds; fails with the last value seen after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 90_000,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: { value?: T; error?: unknown };
  for (;;) {
    try {
      const value = await probe();
      last = { value };
      if (done(value)) return value;
    } catch (error) {
      last = { error };
    }
    if (Date.now() > deadline) {
      const seen =
        'error' in last ? `error ${String(last.error)}` : JSON.stringify(last.value)?.slice(0, 600);
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${seen}`);
    }
    await sleep(intervalMs);
  }
}

/** Waits until the API at `base` answers /ready with 200. */
export async function waitForReady(base: string, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `${base}/ready`,
    () => fetch(`${base}/ready`).then((r) => r.status),
    (s) => s === 200,
    timeoutMs,
    200,
  );
}

/** Resident memory of a process in MB (Linux `/proc`); NaN when it cannot be read. */
export function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 where getconf is missing). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** What a process is, for the CPU a benchmark accounts per engine and deployable. */
export type CpuRole = (pid: number, commandLine: string) => string | null;

/** A process's CPU in a {@link cpuSnapshot}. */
interface ProcessCpu {
  readonly role: string;
  /** Its parent, which is credited with its CPU once it has ended (and been waited for). */
  readonly parent: number;
  /** User + system seconds of its own. */
  readonly seconds: number;
  /** User + system seconds of its children that have ended and been waited for. */
  readonly ended: number;
}

/**
 * The CPU seconds (user + system) of every process on the machine (Linux /proc), by the role
 * `roleOf` names ('other' where it names none), and of the whole machine. Empty off Linux.
 */
function cpuSnapshot(roleOf: CpuRole): {
  byPid: Map<number, ProcessCpu>;
  machine: number;
} {
  const byPid = new Map<number, ProcessCpu>();
  let machine = NaN;
  try {
    const total = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal …: busy = user, nice, system, irq, softirq
    machine = [0, 1, 2, 5, 6].reduce((sum, i) => sum + (total[i] ?? 0), 0) / CLOCK_TICKS;
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // after the command's closing parenthesis: state, ppid, …, utime (12th), stime, cutime, cstime
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
        byPid.set(pid, {
          role: roleOf(pid, commandLine) ?? 'other',
          parent: Number(fields[1]),
          seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
          ended: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS,
        });
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // no /proc: nothing to account
  }
  return { byPid, machine };
}

/**
 * Accounts the CPU spent from this call until `stop()`, per role: a process started in between
 * counts from zero. One that ended in between (a connection's backend, a replay's worker) is
 * counted in its parent's role, as the parent's ended children's CPU grew (the postmaster for a
 * backend), less what it had spent before the window.
 */
export function cpuWindow(roleOf: CpuRole): { stop(): { byRole: Map<string, number>; machine: number } } {
  const before = cpuSnapshot(roleOf);
  return {
    stop: () => {
      const after = cpuSnapshot(roleOf);
      const byRole = new Map<string, number>();
      const add = (role: string, seconds: number) => byRole.set(role, (byRole.get(role) ?? 0) + seconds);
      for (const [pid, { role, seconds, ended }] of after.byPid) {
        const was = before.byPid.get(pid);
        add(role, seconds - (was?.seconds ?? 0) + ended - (was?.ended ?? 0));
      }
      // the part of an ended process's CPU spent before the window is in its parent's growth too
      for (const [pid, { parent, seconds, ended }] of before.byPid) {
        const credited = after.byPid.get(parent);
        if (!after.byPid.has(pid) && credited) add(credited.role, -(seconds + ended));
      }
      return { byRole, machine: after.machine - before.machine };
    },
  };
}

/** The engines' processes as engines.sh (or a package) starts them: Postgres, OpenSearch, Kafka. */
export function engineRole(commandLine: string): string | null {
  if (/^postgres[: ]|\/postgres\b/.test(commandLine)) return 'Postgres';
  if (commandLine.includes('org.opensearch.bootstrap')) return 'OpenSearch';
  if (commandLine.includes('kafka.Kafka')) return 'Kafka';
  return null;
}
