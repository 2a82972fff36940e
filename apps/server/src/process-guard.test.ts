import { afterEach, describe, expect, it } from 'vitest';
import { keepRunningThroughDatabaseFaults } from './process-guard.ts';

const failing = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('an unhandled rejection', () => {
  let installed: ((reason: unknown) => void) | undefined;
  afterEach(() => {
    if (installed) process.off('unhandledRejection', installed);
  });

  it('from the database (each class pg raises) is logged and the process goes on', () => {
    const logged: string[] = [];
    const exits: number[] = [];
    installed = keepRunningThroughDatabaseFaults({ error: (line) => logged.push(line) }, (code) => exits.push(code));
    const faults = [
      failing('55000', 'database "reelsmith" is not currently accepting connections'),
      failing('57P01', 'terminating connection due to administrator command'),
      failing('57P03'),
      failing('53300', 'sorry, too many clients already'),
      failing('08006'),
      failing('40001', 'could not serialize access'),
      failing('ECONNREFUSED'),
      failing('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
    ];
    for (const fault of faults) installed(fault);
    expect(exits).toEqual([]);
    expect(logged).toHaveLength(faults.length);
    expect(logged[0]).toMatch(/not currently accepting connections/);
  });

  it('from anything else still ends the process', () => {
    const exits: number[] = [];
    installed = keepRunningThroughDatabaseFaults({ error: () => undefined }, (code) => exits.push(code));
    const original = console.error;
    console.error = () => undefined;
    try {
      installed(new TypeError('x is undefined'));
      installed('a string');
    } finally {
      console.error = original;
    }
    expect(exits).toEqual([1, 1]);
  });
});
