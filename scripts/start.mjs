// `npm start`: install what is missing, build the web app, then run the console (it migrates the
// database and prints the URL and how to sign in).
import { ensureDebianPackages, ensureNodeModules, ensureWebBuild, root, run } from './lib.mjs';

// Projects clone with git over https or ssh and deploy with rsync over ssh (sshpass for password
// logins); without them the console still starts and the deploy that needs one says so.
ensureDebianPackages([
  { pkg: 'git', path: '/usr/bin/git' },
  { pkg: 'openssh-client', path: '/usr/bin/ssh' },
  { pkg: 'rsync', path: '/usr/bin/rsync' },
  { pkg: 'sshpass', path: '/usr/bin/sshpass' },
]);

const steps = [ensureNodeModules, ensureWebBuild];
for (const step of steps) {
  const code = await step();
  if (code !== 0) process.exit(code);
}

const code = await run(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
process.exit(code);
