import { describe, expect, it } from 'vitest';
import { REF_NAME_RULE } from './git-names.js';
import * as projectRoutes from './project.routes.js';

const schema = projectRoutes.add.input;

/** The smallest form a user can save: a git project over ssh with the console key. */
const form = {
  name: 'shop',
  url: 'git@github.com:org/shop.git',
  repoAuthType: 'consoleKey',
  path: '/var/www/shop',
  environment: 1,
  branch: 'main',
};

function parse(input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

/** The issues as `field: message`, the way the error envelope names them. */
function issues(input: Record<string, unknown>): string[] {
  const result = schema.safeParse(input);
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('project add input', () => {
  it('fills in every setting the form may leave out', () => {
    const https = { ...form, url: 'https://git.example.com/shop.git', repoAuthType: undefined };
    expect(parse(https)).toEqual({
      ...https,
      repoType: 'git',
      repoAuthType: 'none',
      repoUsername: '',
      repoToken: '',
      repoPrivateKey: '',
      repoTlsSkipVerify: 0,
      label: '',
      symlinkPath: '',
      symlinkBackupNumber: 10,
      review: 0,
      reviewURL: '',
      script: {
        afterPull: { mode: '', content: '' },
        afterDeploy: { mode: '', content: '' },
        deployFinish: { mode: '', content: '' },
        customVariables: [],
      },
      transferType: 'rsync',
      transferOption: '',
      deployServerMode: 'parallel',
      serverIds: [],
      userIds: [],
      notifyType: 0,
      notifyTarget: '',
      notifySecret: '',
      buildTimeout: 1800,
      transferTimeout: 1800,
      afterDeployTimeout: 600,
      maxParallelServers: 10,
    });
  });

  it('completes a partly given script', () => {
    const { script } = parse({
      ...form,
      script: { afterPull: { content: 'npm ci' }, customVariables: [{ name: 'APP_ENV' }] },
    });
    expect(script).toEqual({
      afterPull: { mode: '', content: 'npm ci' },
      afterDeploy: { mode: '', content: '' },
      deployFinish: { mode: '', content: '' },
      customVariables: [{ name: 'APP_ENV', value: '', type: 'string' }],
    });
  });

  it('reads numbers and id lists sent as query text', () => {
    const data = parse({ ...form, environment: '3', buildTimeout: '60', serverIds: '4,5' });
    expect(data).toMatchObject({ environment: 3, buildTimeout: 60, serverIds: [4, 5] });
  });

  it('names each missing required field', () => {
    expect(issues({})).toEqual([
      'name: is required',
      'path: is required',
      'environment: is required',
    ]);
  });

  it.each([
    [{ symlinkBackupNumber: 0 }, 'symlinkBackupNumber: must be at least 1'],
    [{ maxParallelServers: 101 }, 'maxParallelServers: must be at most 100'],
    [{ buildTimeout: 0 }, 'buildTimeout: must be at least 1'],
    [{ afterDeployTimeout: 86_401 }, 'afterDeployTimeout: must be at most 86400'],
    [{ environment: 5 }, 'environment: must be at most 4'],
    [{ transferType: 'ftp' }, 'transferType: must be one of rsync, sftp, custom'],
    [{ deployServerMode: 'random' }, 'deployServerMode: must be one of serial, parallel'],
    [
      { notifyType: 4, notifyTarget: 'https://hooks.example.com/x' },
      'notifyType: must be one of 0, 1, 2, 3, 255',
    ],
    [{ reviewURL: 'javascript:alert(1)' }, 'reviewURL: must be an http:// or https:// address'],
  ])('refuses %j', (change, issue) => {
    expect(issues({ ...form, ...change })).toEqual([issue]);
  });
});

describe('project add cross-field rules', () => {
  it.each([
    [{ url: '-uflag' }, 'url: must be a git address'],
    [{ url: 'https://git.example.com/%zz' }, 'url: must be a git address'],
    [{ url: '' }, 'url: must not be empty'],
    [{ path: 'www/shop' }, 'path: must be an absolute path'],
    [{ path: '/' }, 'path: must not be the root directory'],
    [{ branch: '' }, 'branch: must not be empty'],
    [{ branch: '--upload-pack=touch /tmp/pwned' }, `branch: ${REF_NAME_RULE}`],
    [{ symlinkPath: '/var/www/shop/releases' }, 'symlinkPath: must not be the deploy path'],
    [{ symlinkPath: '/var/www' }, 'symlinkPath: must not contain the deploy path'],
    [{ transferOption: "--exclude='a b" }, 'transferOption: must parse as arguments'],
    [{ notifyType: 1 }, 'notifyTarget: must not be empty when a notification is set'],
    [{ notifyTarget: 'ftp://hooks' }, 'notifyTarget: must be an http:// or https:// address'],
    [
      { url: 'http://git.example.com/shop.git', repoAuthType: 'token' },
      'repoAuthType: token would travel in clear text over http://: use https://',
    ],
    [
      { url: 'https://git.example.com/shop.git', repoAuthType: 'key' },
      'repoAuthType: must be one of none, token for a https address',
    ],
    [
      { url: 'git@github.com:org/shop.git', repoAuthType: 'token' },
      'repoAuthType: must be one of key, consoleKey for a ssh address',
    ],
    [
      { url: 'file:///srv/git/shop.git', repoAuthType: 'consoleKey' },
      'repoAuthType: must be one of none for a file address',
    ],
  ])('names the field of %j', (change, issue) => {
    const found = issues({ ...form, ...change });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(issue);
  });

  it.each([
    { url: 'https://git.example.com/shop.git', repoAuthType: 'token', repoToken: 't' },
    { url: 'git@github.com:org/shop.git', repoAuthType: 'key' },
    { url: 'ssh://git@git.example.com:2222/shop.git', repoAuthType: 'consoleKey' },
    { symlinkPath: '/var/releases/shop' },
    { transferOption: "-rtv --exclude='a b' --delete-after" },
    { notifyType: 255, notifyTarget: 'https://hooks.example.com/ferry' },
  ])('accepts %j', (change) => {
    expect(issues({ ...form, ...change })).toEqual([]);
  });

  it('reports every broken rule at once', () => {
    const found = issues({ ...form, branch: '', symlinkPath: '/var/www/shop', notifyType: 2 });
    expect(found.map((issue) => issue.split(':')[0])).toEqual([
      'branch',
      'symlinkPath',
      'notifyTarget',
    ]);
  });

  it('checks the release folder only against a usable deploy path', () => {
    expect(issues({ ...form, path: 'relative', symlinkPath: 'relative/releases' })).toEqual([
      'path: must be an absolute path',
    ]);
  });

  it('asks an empty project for neither address nor branch', () => {
    const data = parse({ name: 'notes', repoType: 'empty', path: '/srv/notes', environment: 4 });
    expect(data).toMatchObject({ repoType: 'empty', url: '', branch: '' });
  });

  it('still checks a branch an empty project names', () => {
    expect(issues({ ...form, repoType: 'empty', url: '', branch: '$(id)' })).toEqual([
      `branch: ${REF_NAME_RULE}`,
    ]);
  });
});

describe('project add labels and custom variables', () => {
  it.each([
    ['a, b,,a', 'a,b'],
    [' web , api ', 'web,api'],
    [',, ,', ''],
    ['', ''],
  ])('stores labels %j as %j', (label, stored) => {
    expect(parse({ ...form, label }).label).toBe(stored);
  });

  it.each(['APP_ENV', '_PRIVATE', 'V2'])('accepts the variable name %s', (name) => {
    const data = parse({ ...form, script: { customVariables: [{ name, type: 'list' }] } });
    expect(data.script.customVariables).toEqual([{ name, value: '', type: 'list' }]);
  });

  it.each(['app_env', '2FAST', 'APP-ENV', 'APP ENV', '$(id)', ''])(
    'refuses the variable name %j',
    (name) => {
      const found = issues({ ...form, script: { customVariables: [{ name }] } });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^script\.customVariables\.0\.name: /);
    },
  );

  it('refuses a variable named twice', () => {
    const customVariables = [{ name: 'APP_ENV' }, { name: 'APP_ENV', value: 'x' }];
    expect(issues({ ...form, script: { customVariables } })).toEqual([
      'script.customVariables: must not name a variable twice',
    ]);
  });

  it('refuses an unknown variable type and script mode', () => {
    expect(
      issues({
        ...form,
        script: { afterPull: { mode: 'ruby' }, customVariables: [{ name: 'A', type: 'bool' }] },
      }),
    ).toEqual([
      'script.afterPull.mode: must be one of bash, sh, zsh, python, php, node',
      'script.customVariables.0.type: must be one of string, list',
    ]);
  });
});

describe('project edit input', () => {
  it('needs the id of the project besides the add form', () => {
    const edit = projectRoutes.edit.input;
    expect(edit.safeParse(form).error?.issues.map((i) => i.path.join('.'))).toEqual(['id']);
    expect(edit.safeParse({ ...form, id: '7' }).data?.id).toBe(7);
  });
});
