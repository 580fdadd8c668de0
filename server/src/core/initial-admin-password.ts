import fs from 'node:fs';
import path from 'node:path';

/** Shows the generated password of the first super manager, and keeps it in the data dir. */
export function announcePassword(dataDir: string, password: string): void {
  const file = path.join(dataDir, 'initial-admin-password');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  console.log(`\nThe first super manager is "admin" with the password: ${password}`);
  console.log(`It is also in ${file}; you will be asked to change it at first login.`);
}
