// A vitest reporter that ends the run with its slowest files (npm test adds it): each file's whole cost, its import
// (where shared fixtures are made) and hooks included, which the JSON report's per-test times leave out.
import { relative } from 'node:path';
import { printSlowest } from './lib/slowest.mjs';

export default class FileTimes {
  onTestRunEnd(testModules) {
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      const setup = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
      return { file: relative(process.cwd(), module.moduleId), seconds: (setup + d.duration) / 1000, detail: `import and setup ${(setup / 1000).toFixed(1)} s` };
    });
    printSlowest('unit and API tests', rows);
  }
}
