// `npm start`: on a supported Node, install what is missing, build the web app, the server and the
// `ferry` command (`npx ferry`), then run the compiled console (it migrates the database and prints the URL and how to sign in).
import {
  ensureCliBuild,
  ensureDebianPackages,
  ensureNodeModules,
  ensureServerBuild,
  ensureWebBuild,
  root,
  run,
  serverEntry,
} from './lib.mjs';
import { useSupportedNode } from './runtime.mjs';

await useSupportedNode();

// Projects clone with git over https or ssh, or check out with svn, and deploy with rsync over ssh
// (sshpass for password logins); without them the console still starts and the deploy that needs
// one says so.
ensureDebianPackages([
  { pkg: 'git', path: '/usr/bin/git' },
  { pkg: 'subversion', path: '/usr/bin/svn' },
  { pkg: 'openssh-client', path: '/usr/bin/ssh' },
  { pkg: 'rsync', path: '/usr/bin/rsync' },
  { pkg: 'sshpass', path: '/usr/bin/sshpass' },
]);

const steps = [ensureNodeModules, ensureWebBuild, ensureServerBuild, ensureCliBuild];
for (const step of steps) {
  const code = await step();
  if (code !== 0) process.exit(code);
}

const code = await run(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
process.exit(code);
