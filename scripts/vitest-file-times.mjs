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
    const ms =
      d.environmentSetupDuration +
      d.prepareDuration +
      d.collectDuration +
      d.setupDuration +
      d.duration;
    this.files.push({
      project: testModule.project.name,
      file: path.relative(this.root ?? process.cwd(), testModule.moduleId),
      ms: Math.round(ms),
      // What the file spent before its tests: building the environment, importing, set-up files.
      beforeTests: Math.round(
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration,
      ),
    });
  }

  onTestRunEnd() {
    const out = process.env.FERRY_TEST_TIMES;
    if (out) fs.writeFileSync(out, JSON.stringify(this.files));
  }
}
