// An open-loop load at a steady rate: one request every 1000/rate ms, whatever the answers do, over a pool of
// keep-alive connections. autocannon's overallRate is a budget per second that each connection spends at once when
// the second starts, so "200 req/s" there is a burst of 200 requests every second; users' requests arrive spread out.
import { Buffer } from 'node:buffer';
import http from 'node:http';

/**
 * Sends `rate` requests a second for `seconds`, cycling through `requests` ({ method, path, body }), and measures each
 * latency from when the request was due, not when a connection was free: a slow server cannot hide its queue by
 * slowing the sender down (coordinated omission).
 */
export async function pacedLoad({ base, headers, requests, rate, seconds, connections = 20 }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies = [];
  let failed = 0;
  let sent = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    let settled = 0;
    const settle = (due, ok) => {
      latencies.push(performance.now() - due);
      if (!ok) failed++;
      if (++settled === total) resolve();
    };
    const send = (due, { method, path, body }) => {
      const request = http.request(
        { host: url.hostname, port: url.port, method, path, agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (response) => {
          response.resume();
          response.on('end', () => settle(due, response.statusCode < 300));
        },
      );
      request.on('error', () => settle(due, false));
      request.end(body);
    };
    const tick = () => {
      const now = performance.now();
      for (; sent < total && started + sent * interval <= now; sent++) send(started + sent * interval, requests[sent % requests.length]);
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return { total, rps: total / elapsed, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), failed };
}
