import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { cpuWindow } from './processes.ts';

/**
 * A child process that computes `before` steps, reports its CPU seconds, waits for a line on
 * stdin, computes `inside` steps more, reports again and ends (printing a test of the result, so
 * that the computation is not optimised away).
 */
function burner(before: number, inside: number) {
  const script = `
    let x = 0;
    const burn = (n) => { for (let i = 0; i < n; i++) x = (x * 31 + i) | 0; };
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
    burn(${before});
    console.log(cpu());
    process.stdin.once('data', () => { burn(${inside}); console.log(cpu(), x === 0.5); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => Number(String((await lines.next()).value).split(' ')[0]);
  const ended = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, next, ended };
}

describe('cpuWindow', () => {
  it('credits a process that ends inside the window to its parent, with only what it spent inside', async () => {
    const ownRole = (pid: number) => (pid === process.pid ? 'this test' : null);
    const { child, next, ended } = burner(6e7, 5e7);
    const atStart = await next();
    const window = cpuWindow(ownRole);
    const own = process.cpuUsage();
    child.stdin.write('go\n');
    const atEnd = await next();
    await ended;
    const { byRole } = window.stop();
    const ownSpent = (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(own));
    const credited = byRole.get('this test') ?? 0;
    // the child's CPU inside the window (not what it spent before), with this process's own;
    // /proc counts in ticks of 10 ms
    const inside = atEnd - atStart;
    expect(atStart).toBeGreaterThan(0.1);
    expect(inside).toBeGreaterThan(0.1);
    expect(credited).toBeGreaterThan(inside - 0.05);
    expect(credited).toBeLessThan(inside + ownSpent + 0.1);
  });
});
