/** Child processes for the bench: spawn, wait, read RSS, find a free loopback port. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Variables of this machine's environment that are not the service's and that cost a measured
 * process its start: NODE_EXTRA_CA_CERTS (set here for outbound TLS through a proxy) makes Node read
 * and parse the whole CA bundle before running any JavaScript, ~60–90 ms per start on this VM. The
 * container does not set it and the server makes no TLS connection (bar a `rediss://` store), so
 * measured processes start without it; the report also gives one server start with it inherited.
 */
export const FOREIGN_ENV = ['NODE_EXTRA_CA_CERTS'] as const;

/** The environment for a measured child: this process's, without FOREIGN_ENV, plus `extra`. */
export function childEnv(extra: NodeJS.ProcessEnv = {}, inherit = false): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!inherit) for (const name of FOREIGN_ENV) delete env[name];
  return { ...env, ...extra };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
}

/** Runs a command to completion, collecting output. */
export function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string; echo?: boolean } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { env: opts.env ?? process.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      if (opts.echo) process.stderr.write(d);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, wallMs: performance.now() - started }));
  });
}

/** Resident set size of a live process, in MB (Linux /proc). */
export function rssMB(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Polls url until it answers (any status) or timeoutMs passes; returns ms since `since`. */
export async function waitForAnswer(url: string, since: number, timeoutMs: number, child?: ChildProcess): Promise<{ ms: number; status: number }> {
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return { ms: performance.now() - since, status: res.status };
    } catch {
      if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
  });
}
