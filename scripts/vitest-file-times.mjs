// A Vitest reporter that writes each test file's time, per project, to the JSON file named by
// FERRY_TEST_TIMES: import, set-up, hooks and tests (what the file cost its worker). `npm test`
// reads it to print where the time went.
import fs from 'node:fs';
import path from 'node:path';

export default class FileTimesReporter {
  files = [];

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    // A project whose files share their worker (`isolate: false`) builds its environment once per
    // worker, yet Vitest reports that time again for every file: it is counted for none.
    const environment = testModule.project.config.isolate ? d.environmentSetupDuration : 0;
    // What the file spent before its tests: the environment, imports and set-up files.
    const beforeTests = environment + d.prepareDuration + d.collectDuration + d.setupDuration;
    this.files.push({
      project: testModule.project.name,
      file: path.relative(this.root ?? process.cwd(), testModule.moduleId),
      ms: Math.round(beforeTests + d.duration),
      beforeTests: Math.round(beforeTests),
    });
  }

  onTestRunEnd() {
    const out = process.env.FERRY_TEST_TIMES;
    if (out) fs.writeFileSync(out, JSON.stringify(this.files));
  }
}
