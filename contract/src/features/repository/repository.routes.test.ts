import { describe, expect, it } from 'vitest';
import { REF_NAME_RULE } from '../project/git-names.js';
import * as repositoryRoutes from './repository.routes.js';

describe('repository getCommitList input', () => {
  const input = repositoryRoutes.getCommitList.input;
  const messages = (value: Record<string, unknown>) =>
    input.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it.each(['origin/main', 'main', 'v1.0+build', '功能/登录', 'origin/release-1.2'])(
    'accepts the branch %s',
    (branch) => {
      expect(input.safeParse({ id: 1, branch }).data).toEqual({ id: 1, branch });
    },
  );

  it('trims the branch and reads the id from query text', () => {
    expect(input.parse({ id: '3', branch: ' origin/main ' })).toEqual({
      id: 3,
      branch: 'origin/main',
    });
  });

  it.each(['--upload-pack=touch /tmp/pwned', '$(id)', 'a..b', 'origin/a.lock', '@', 'a@{1}'])(
    'refuses the branch %j',
    (branch) => {
      expect(messages({ id: 1, branch })).toEqual([`branch: ${REF_NAME_RULE}`]);
    },
  );

  it('says which field is missing or empty', () => {
    expect(messages({ id: 1, branch: '  ' })).toEqual(['branch: must not be empty']);
    expect(messages({ id: 1 })).toEqual(['branch: is required']);
    expect(messages({ branch: 'main' })).toEqual(['id: is required']);
  });
});

describe('repository getBranchList and getTagList input', () => {
  it.each([repositoryRoutes.getBranchList, repositoryRoutes.getTagList])(
    '$path needs a positive project id',
    (route) => {
      expect(route.input.parse({ id: '2' })).toEqual({ id: 2 });
      expect(route.input.safeParse({}).error?.issues[0]?.message).toBe('is required');
      expect(route.input.safeParse({ id: 0 }).error?.issues[0]?.message).toBe(
        'must be a positive integer',
      );
    },
  );
});

describe('repository file paths', () => {
  const { getFileList, deleteFile } = repositoryRoutes;
  const fileIssue = (file: unknown) =>
    deleteFile.input.safeParse({ id: 1, file }).error?.issues[0]?.message;

  it('reads paths relative to the working copy, normalised, with the root as empty', () => {
    expect(getFileList.input.parse({ id: 1 })).toEqual({ id: 1, dir: '' });
    for (const dir of ['', '/', '.', './']) {
      expect(getFileList.input.parse({ id: 1, dir }).dir).toBe('');
    }
    expect(getFileList.input.parse({ id: 1, dir: 'src//lib/./' }).dir).toBe('src/lib');
    expect(deleteFile.input.parse({ id: 1, file: 'a b/$(id);.txt' }).file).toBe('a b/$(id);.txt');
  });

  it("reads a leading / as the working copy's root, as goploy's file browser sends paths", () => {
    expect(getFileList.input.parse({ id: 1, dir: '/lib' }).dir).toBe('lib');
    expect(deleteFile.input.parse({ id: 1, file: '/index.js' }).file).toBe('index.js');
    expect(deleteFile.input.parse({ id: 1, file: '/lib/x.js' }).file).toBe('lib/x.js');
  });

  it.each([
    ['..', "must not contain '..' segments"],
    ['a/../../b', "must not contain '..' segments"],
    ['/../x', "must not contain '..' segments"],
    ['/lib/../../x', "must not contain '..' segments"],
    ['a\0b', 'must not contain a NUL byte'],
    ['x'.repeat(4097), 'must be at most 4096 characters'],
    ['/', 'must name a file or directory inside the working copy'],
    ['./', 'must name a file or directory inside the working copy'],
  ])('refuses the file %j', (file, rule) => {
    expect(fileIssue(file)).toBe(rule);
  });
});
