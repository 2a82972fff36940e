import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { appendFileSync, chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Host } from './network.ts';

const bin = '/usr/lib/postgresql/15/bin';
const port = 5432;

export interface PrivatePostgres {
  url: string;
  /** `pg_ctl restart -m fast`: every connection is cut, as when the database host restarts. */
  restart(): Promise<void>;
  stop(): void;
}

export function postgresUnavailable(): string | null {
  if (!existsSync(join(bin, 'initdb'))) return `PostgreSQL 15 is not installed (${bin}/initdb)`;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    return 'there is no postgres user to run the private PostgreSQL as';
  }
  return null;
}

/**
 * A PostgreSQL of the test's own, made with initdb in `dir` and listening only on its host's address: the machine's
 * shared server (other tests' databases) is never touched, and restarting this one disturbs nobody else.
 */
export function startPrivatePostgres(host: Host, dir: string, subnet: string): PrivatePostgres {
  const data = join(dir, 'data');
  mkdirSync(data, { recursive: true });
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  chownSync(dir, uid, gid);
  chownSync(data, uid, gid);
  // PostgreSQL refuses to run as root; it runs as the postgres user inside the host's namespace.
  const asPostgresCommand = (args: string[]) => ['netns', 'exec', host.namespace, 'runuser', '-u', 'postgres', '--', ...args];
  const asPostgres = (args: string[]) => execFileSync('ip', asPostgresCommand(args), { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  asPostgres([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  appendFileSync(join(data, 'pg_hba.conf'), `host all all ${subnet}.0/24 trust\n`);
  // Durability is not under test here (a fast restart flushes anyway); fsync off keeps 2 shared cores for the renders.
  const options = `-c listen_addresses=${host.address} -p ${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  const ctlArgs = (...args: string[]) => [join(bin, 'pg_ctl'), '-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', ...args];
  const ctl = (...args: string[]) => asPostgres(ctlArgs(...args));
  ctl('-o', options, 'start');
  const url = `postgres://postgres@${host.address}:${port}/postgres`;
  return {
    url,
    // Asynchronous, so the test's own requests go on while the server is away.
    restart: async () => void (await promisify(execFile)('ip', asPostgresCommand(ctlArgs('-o', options, '-m', 'fast', 'restart')), { cwd: dir })),
    stop() {
      const pidFile = join(data, 'postmaster.pid');
      if (!existsSync(pidFile)) return;
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // pg_ctl could not stop it (its namespace already gone): end the postmaster itself.
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        if (pid > 0) process.kill(pid, 'SIGKILL');
      }
    },
  };
}
