import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';

/** A host of the test network: a namespace of its own with one address on the private /24. */
export interface Host {
  name: string;
  namespace: string;
  address: string;
}

export interface Network {
  /** The root namespace's address on the /24, where the test itself talks from. */
  rootAddress: string;
  hosts: Record<string, Host>;
  /** Deletes every namespace (and with them the veth pairs); safe to call twice. */
  destroy(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** Why namespaces cannot be made here (not root, no `ip`, a kernel or container that refuses), or null when they can. */
export function namespacesUnavailable(): string | null {
  if (process.platform !== 'linux') return `network namespaces need Linux, this is ${process.platform}`;
  if (process.getuid?.() !== 0) return 'network namespaces need root (ip netns add), and this test runs as a normal user';
  const probe = `rs-probe-${randomBytes(3).toString('hex')}`;
  try {
    ip('netns', 'add', probe);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `\`ip netns add\` failed: ${stderr || (error as Error).message}`;
  }
  ip('netns', 'del', probe);
  return null;
}

/** A /24 under 10.213.0.0/16 that no route of this machine uses, so the test's traffic goes nowhere else. */
function freeSubnet(): string {
  const routes = execFileSync('ip', ['-4', 'route', 'show', 'table', 'all'], { encoding: 'utf8' });
  for (let tries = 0; tries < 50; tries += 1) {
    const subnet = `10.213.${randomInt(0, 256)}`;
    if (!routes.includes(`${subnet}.`)) return subnet;
  }
  throw new Error('no free 10.213.x.0/24 for the test network');
}

/**
 * One namespace per host, each with a veth into a bridge in a hub namespace, and a veth from the root namespace
 * into the same bridge: the hosts reach each other only by address, as separate machines would, and the test
 * reaches them all. Names carry a random suffix so runs side by side do not collide.
 */
export function createNetwork(hostNames: string[]): Network {
  const id = randomBytes(3).toString('hex');
  const subnet = freeSubnet();
  const hub = `rs-${id}-hub`;
  const namespaces = [hub];
  const destroy = () => {
    for (const namespace of namespaces.splice(0)) {
      try {
        ip('netns', 'del', namespace);
      } catch {
        // Already gone (a second call, or a set-up that failed half-way).
      }
    }
  };
  try {
    ip('netns', 'add', hub);
    ip('-n', hub, 'link', 'set', 'lo', 'up');
    ip('-n', hub, 'link', 'add', 'br0', 'type', 'bridge');
    ip('-n', hub, 'link', 'set', 'br0', 'up');
    // Interface names are at most 15 characters: rs + 6 hex + a short tail.
    const plug = (outside: string, insideNamespace: string | null, inside: string, address: string) => {
      ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside, ...(insideNamespace ? ['netns', insideNamespace] : []));
      ip('link', 'set', outside, 'netns', hub);
      ip('-n', hub, 'link', 'set', outside, 'master', 'br0', 'up');
      const where = insideNamespace ? ['-n', insideNamespace] : [];
      ip(...where, 'addr', 'add', `${address}/24`, 'dev', inside);
      ip(...where, 'link', 'set', inside, 'up');
    };
    const rootAddress = `${subnet}.1`;
    plug(`rs${id}r`, null, `rs${id}`, rootAddress);
    const hosts: Record<string, Host> = {};
    hostNames.forEach((name, index) => {
      const namespace = `rs-${id}-${name}`;
      ip('netns', 'add', namespace);
      namespaces.push(namespace);
      ip('-n', namespace, 'link', 'set', 'lo', 'up');
      const address = `${subnet}.${10 + index}`;
      plug(`rs${id}h${index}`, namespace, 'eth0', address);
      hosts[name] = { name, namespace, address };
    });
    return { rootAddress, hosts, destroy };
  } catch (error) {
    destroy();
    throw error;
  }
}
