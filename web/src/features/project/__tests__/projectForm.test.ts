import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { tabOf, wireFieldError } from '../utils/projectFields';
import {
  blankFormValues,
  formValuesOf,
  projectInput,
  repositoryInput,
  type ProjectFormValues,
} from '../utils/projectForm';
import { ruleKey } from '../utils/ruleText';
import { storedRepoSecrets } from '../utils/storedRepoSecrets';
import { projectRow } from './projectRows';

const copyName = (name: string) => `${name} (copy)`;

describe('project form and wire', () => {
  const values = (extra: Partial<ProjectFormValues> = {}): ProjectFormValues => ({
    ...blankFormValues(),
    name: ' shop ',
    environment: 1,
    path: ' /var/www/shop ',
    url: ' https://github.com/acme/shop.git ',
    branch: ' main ',
    ...extra,
  });

  it('joins labels, keeps scripts and tidies custom variables', () => {
    const input = projectInput(
      values({
        labels: ['web', ' api ', 'web'],
        script: {
          afterPull: { mode: 'bash', content: 'npm ci' },
          afterDeploy: { mode: 'python', content: 'print(1)' },
          deployFinish: { mode: 'sh', content: '' },
          customVariables: [
            { name: ' APP_ENV ', type: 'list', value: ' prod , staging,, dev ' },
            { name: 'TAG', type: 'string', value: ' v1 ' },
          ],
        },
      }),
    );
    expect(input).toMatchObject({
      name: 'shop',
      label: 'web,api',
      path: '/var/www/shop',
      url: 'https://github.com/acme/shop.git',
      branch: 'main',
      symlinkPath: '',
      review: 0,
      reviewURL: '',
      notifyTarget: '',
      script: {
        afterPull: { mode: 'bash', content: 'npm ci' },
        afterDeploy: { mode: 'python', content: 'print(1)' },
        deployFinish: { mode: 'sh', content: '' },
        customVariables: [
          { name: 'APP_ENV', type: 'list', value: 'prod,staging,dev' },
          { name: 'TAG', type: 'string', value: 'v1' },
        ],
      },
    });
  });

  it('sends only the chosen credential, and no empty secret', () => {
    expect(
      repositoryInput(values({ repoAuthType: 'token', repoUsername: 'me', repoToken: '' })),
    ).toEqual({
      repoType: 'git',
      url: 'https://github.com/acme/shop.git',
      repoAuthType: 'token',
      repoUsername: 'me',
    });
    expect(repositoryInput(values({ repoAuthType: 'token', repoToken: ' t0k ' })).repoToken).toBe(
      't0k',
    );
    const keyed = repositoryInput(
      values({ repoAuthType: 'consoleKey', repoToken: 'left over', repoPrivateKey: 'old' }),
    );
    expect(keyed).not.toHaveProperty('repoToken');
    expect(keyed).not.toHaveProperty('repoPrivateKey');
    expect(projectInput(values({ repoType: 'empty' }))).toMatchObject({
      repoType: 'empty',
      url: '',
      repoAuthType: 'none',
      branch: '',
    });
  });

  it('sends the symlink folder, review address and notification only when turned on', () => {
    const input = projectInput(
      values({
        symlink: true,
        symlinkPath: ' /var/www/releases ',
        review: true,
        reviewURL: 'https://r.example.com',
        notifyType: 2,
        notifyTarget: ' https://oapi.dingtalk.com/robot ',
      }),
    );
    expect(input).toMatchObject({
      symlinkPath: '/var/www/releases',
      review: 1,
      reviewURL: 'https://r.example.com',
      notifyType: 2,
      notifyTarget: 'https://oapi.dingtalk.com/robot',
    });
    expect(projectInput(values({ symlinkPath: '/x', reviewURL: 'https://r' }))).toMatchObject({
      symlinkPath: '',
      reviewURL: '',
    });
  });

  it('starts an edit from the row and a copy under a new name, never with secrets', () => {
    const row = projectRow(3, 'shop', {
      label: 'web,api',
      symlinkPath: '/var/www/releases',
      review: 1,
      repoAuthType: 'token',
      repoUsername: 'bot',
      hasRepoToken: true,
      serverIds: [1, 2],
      userIds: [7],
      script: {
        afterPull: { mode: '', content: 'make' },
        afterDeploy: { mode: 'php', content: '' },
        deployFinish: { mode: '', content: '' },
        customVariables: [{ name: 'X', value: 'a,b', type: 'list' }],
      },
    });
    const edit = formValuesOf(row, 'edit', copyName);
    expect(edit).toMatchObject({
      name: 'shop',
      labels: ['web', 'api'],
      symlink: true,
      review: true,
      repoUsername: 'bot',
      repoToken: '',
      serverIds: [1, 2],
      userIds: [7],
      script: {
        afterPull: { mode: 'bash', content: 'make' },
        afterDeploy: { mode: 'php', content: '' },
        customVariables: [{ name: 'X', value: 'a,b', type: 'list' }],
      },
    });
    const copy = formValuesOf(row, 'copy', copyName);
    expect(copy.name).toBe('shop (copy)');
    expect(copy.repoToken).toBe('');
    expect(formValuesOf(row, 'add', copyName)).toEqual(blankFormValues());
  });

  it('keeps a masked notify address on edit, and starts a copy without it', () => {
    const masked = 'https://open.feishu.cn/open-apis/bot/v2/hook/••••cd34';
    const row = projectRow(3, 'shop', { notifyType: 3, notifyTarget: masked });
    expect(formValuesOf(row, 'edit', copyName)).toMatchObject({ notifyTarget: masked });
    expect(formValuesOf(row, 'copy', copyName)).toMatchObject({ notifyType: 3, notifyTarget: '' });
    // An address with nothing hidden is copied as it is.
    const plain = projectRow(4, 'api', { notifyType: 255, notifyTarget: 'http://10.0.0.5/in' });
    expect(formValuesOf(plain, 'copy', copyName).notifyTarget).toBe('http://10.0.0.5/in');
  });

  it('keeps a stored secret only while the address stays on the same host', () => {
    const row = projectRow(1, 'shop', { hasRepoToken: true });
    expect(storedRepoSecrets(row, 'https://github.com/acme/other.git', 'git')).toEqual({
      token: true,
      privateKey: false,
      dropped: false,
    });
    expect(storedRepoSecrets(row, 'https://evil.example.com/acme/shop.git', 'git')).toEqual({
      token: false,
      privateKey: false,
      dropped: true,
    });
    expect(storedRepoSecrets(undefined, 'https://github.com/a/b', 'git').token).toBe(false);
    // A Subversion address is read as one: the same svnserve keeps the password.
    const svn = projectRow(2, 'legacy', {
      repoType: 'svn',
      url: 'svn://svn.example.com/legacy',
      hasRepoToken: true,
    });
    expect(storedRepoSecrets(svn, 'svn://svn.example.com/legacy/trunk', 'svn').token).toBe(true);
    expect(storedRepoSecrets(svn, 'svn://evil.example.com/legacy', 'svn').dropped).toBe(true);
  });

  it('maps a refused field, nested or renamed, onto the form and its tab', () => {
    const refused = (message: string) =>
      new ApiError('envelope', 10003, message, 'invalid_parameter');
    expect(wireFieldError(refused('symlinkPath must not be the deploy path or inside it'))).toEqual(
      {
        name: ['symlinkPath'],
        errors: ['must not be the deploy path or inside it'],
      },
    );
    expect(wireFieldError(refused('label must be at most 4096 characters'))?.name).toEqual([
      'labels',
    ]);
    const nested = wireFieldError(refused('script.customVariables.1.name must be upper-case'));
    expect(nested?.name).toEqual(['script', 'customVariables', 1, 'name']);
    expect(tabOf(nested!.name)).toBe('scripts');
    expect(tabOf(['symlinkPath'])).toBe('basic');
    expect(tabOf('transferOption')).toBe('advanced');
    expect(wireFieldError(refused('request must be JSON'))).toBeUndefined();
    expect(wireFieldError(new ApiError('envelope', 2, 'url bad', 'git_failed'))).toBeUndefined();
  });

  it('finds the translation of a contract rule, or the fallback', () => {
    expect(ruleKey('must not be the deploy path or inside it', 'pathAbsolute')).toBe(
      'symlinkInside',
    );
    expect(ruleKey('must be at most 1024 characters', 'urlRule')).toBe('tooLong');
    expect(ruleKey('some rule of tomorrow', 'urlRule')).toBe('urlRule');
  });
});
