import crypto from 'node:crypto';
import type { GoployFixture, GoployProject, GoploySeed, GoployUser } from './goploy-fixture.js';
import { ago, DAY, type GoployRow } from './goploy-schema.js';

/**
 * The projects of the goploy fixture and what hangs off them: server and user bindings, a file
 * sync file, a process, scheduled deploys, reviews, and the publish traces of two deployments.
 */

/** A project's script JSON as goploy's ProjectScript struct marshals it (model/project.go). */
function script(
  afterPull: [mode: string, content: string] = ['', ''],
  afterDeploy: [mode: string, content: string] = ['', ''],
  customVariables: { name: string; value: string; type: 'string' | 'list' }[] = [],
) {
  return {
    afterPull: { mode: afterPull[0], content: afterPull[1] },
    // Set while a deploy runs, never by the forms: stored as null.
    afterDeploy: { mode: afterDeploy[0], content: afterDeploy[1], scriptNames: null },
    deployFinish: { mode: '', content: '' },
    customVariables,
  };
}

/** A commit id that looks like git's, the same for the same words. */
const sha = (words: string) => crypto.createHash('sha1').update(words).digest('hex');

type Spec = Omit<GoployProject, 'state'> & { state?: 0 | 1 };

export async function seedProjects(seed: GoploySeed): Promise<{
  projects: GoployFixture['projects'];
  deploys: GoployFixture['deploys'];
}> {
  const { insert, users, sshd, gitUrl } = seed;
  const successToken = crypto.randomUUID();
  const failedToken = crypto.randomUUID();
  const webPath = `/tmp/goploy-web-${sshd.owner}`;
  const webScript = script(
    ['bash', 'echo pulled'],
    ['bash', 'echo deployed'],
    [{ name: 'ENV', value: 'prod', type: 'string' }],
  );

  /** The project's description and its row: goploy's defaults, then `more`. */
  const project = (p: Spec, more: GoployRow): [GoployProject, GoployRow] => {
    const described: GoployProject = { state: 1, ...p };
    const row: GoployRow = {
      id: p.id,
      namespace_id: p.namespaceId,
      name: p.name,
      repo_type: p.repoType,
      url: p.url,
      path: `/data/www/${p.name}`,
      symlink_path: '',
      symlink_backup_number: 0,
      environment: 1,
      branch: 'master',
      label: '',
      review: 0,
      review_url: '',
      script: JSON.stringify(script()),
      transfer_type: 'rsync',
      transfer_option: '-rtv --exclude .git --delete-after',
      deploy_server_mode: 'parallel',
      auto_deploy: 0,
      state: described.state,
      deploy_state: 0,
      publisher_id: 0,
      publisher_name: '',
      last_publish_token: '',
      notify_type: p.notifyType,
      notify_target: p.notifyTarget,
      insert_time: ago((200 - p.id * 10) * DAY),
    };
    return [described, { ...row, ...more }];
  };
  const none = { notifyType: 0, notifyTarget: '' } as const;
  const specs = {
    web: project(
      {
        id: 1,
        namespaceId: 1,
        name: 'web',
        repoType: 'git',
        url: gitUrl,
        notifyType: 255,
        notifyTarget: seed.customWebhookUrl,
        serverIds: [1],
      },
      {
        path: webPath,
        symlink_path: `${webPath}-releases`,
        symlink_backup_number: 3,
        branch: 'main',
        label: 'web,prod',
        script: JSON.stringify(webScript),
        auto_deploy: 1,
        deploy_state: 2,
        publisher_id: users.alice.id,
        publisher_name: users.alice.name,
        last_publish_token: successToken,
      },
    ),
    api: project(
      {
        id: 2,
        namespaceId: 1,
        name: 'api',
        repoType: 'git',
        url: 'git@git.example.com:acme/api.git',
        ...none,
        serverIds: [2, 3],
      },
      {
        environment: 2,
        branch: 'release',
        label: 'api,pre',
        review: 1,
        script: JSON.stringify(
          script(
            ['bash', 'go build -o bin/api ./cmd/api'],
            ['sh', 'systemctl restart api-${REGION}'],
            [{ name: 'REGION', value: 'cn-east,cn-north', type: 'list' }],
          ),
        ),
        transfer_type: 'sftp',
        transfer_option: '--exclude .git --exclude-regexp \\.md$',
        deploy_server_mode: 'serial',
      },
    ),
    docs: project(
      {
        id: 3,
        namespaceId: 1,
        name: 'docs',
        repoType: 'svn',
        url: 'svn://127.0.0.1/repo',
        notifyType: 1,
        notifyTarget: seed.wecom,
        serverIds: [1],
      },
      {
        environment: 3,
        review: 1,
        review_url:
          'https://review.example.com/goploy?project=__PROJECT_NAME__&commit=__COMMIT_ID__&callback=__CALLBACK__',
        script: JSON.stringify(script(['', ''], ['bash', 'echo "docs ${PROJECT_BRANCH} online"'])),
      },
    ),
    site: project(
      {
        id: 4,
        namespaceId: 1,
        name: 'site',
        repoType: 'ftp',
        url: 'ftp://user:secret@127.0.0.1/site',
        notifyType: 2,
        notifyTarget: seed.dingtalk,
        serverIds: [3],
      },
      // ftp, sftp and empty sources have one branch, "virtual".
      { environment: 4, branch: 'virtual' },
    ),
    assets: project(
      {
        id: 5,
        namespaceId: 1,
        name: 'assets',
        repoType: 'sftp',
        url: 'sftp://10.0.1.13:22/srv/assets --user=deploy --keyFile=/root/.ssh/id_rsa',
        notifyType: 3,
        notifyTarget: seed.feishu,
        serverIds: [1],
      },
      { branch: 'virtual', script: JSON.stringify(script(['python', 'print("assets synced")'])) },
    ),
    build: project(
      { id: 6, namespaceId: 1, name: 'build', repoType: 'empty', url: '', ...none, serverIds: [1] },
      {
        branch: 'virtual',
        script: JSON.stringify(script(['bash', 'mkdir -p dist && date > dist/built-at.txt'])),
        transfer_type: 'custom',
        transfer_option:
          'scp -r -P ${SERVER_PORT} dist ${SERVER_OWNER}@${SERVER_IP}:${PROJECT_PATH}',
      },
    ),
    legacy: project(
      {
        id: 7,
        namespaceId: 1,
        name: 'legacy',
        repoType: 'git',
        url: 'https://git.example.com/acme/legacy.git',
        state: 0,
        ...none,
        serverIds: [1],
      },
      { deploy_state: 3 },
    ),
    webStaging: project(
      {
        id: 8,
        namespaceId: 2,
        name: 'web-staging',
        repoType: 'git',
        url: gitUrl,
        ...none,
        serverIds: [4],
      },
      { environment: 3, branch: 'develop', label: 'web,staging' },
    ),
  };
  await insert(
    'project',
    Object.values(specs).map(([, row]) => row),
  );
  const projects = Object.fromEntries(
    Object.entries(specs).map(([key, [p]]) => [key, p]),
  ) as GoployFixture['projects'];
  await insert(
    'project_server',
    Object.values(projects).flatMap((p) =>
      p.serverIds.map((s) => ({ project_id: p.id, server_id: s })),
    ),
  );
  await insert('project_user', [
    { project_id: 1, user_id: users.alice.id },
    { project_id: 2, user_id: users.bob.id },
  ]);
  await insert('project_file', [{ project_id: 1, filename: 'config/app.env' }]);
  const app = 'cd ${PROJECT_PATH} && nohup node server.js > /dev/null 2>&1 &';
  await insert('project_process', [
    {
      project_id: 1,
      name: 'web server',
      start: app,
      stop: 'pkill -f "node server.js"',
      status: 'pgrep -af "node server.js"',
      restart: `pkill -f "node server.js"; ${app}`,
    },
  ]);
  const by = (creator: GoployUser, editor?: GoployUser) => ({
    creator_id: creator.id,
    creator: creator.name,
    editor_id: editor?.id ?? 0,
    editor: editor?.name ?? '',
  });
  const task = (minutes: number, isRun: number, commit: string) => ({
    project_id: 1,
    commit,
    branch: 'main',
    date: ago(minutes),
    state: 1,
    is_run: isRun,
    ...by(users.alice),
  });
  // One waits for next week, one ran three days ago.
  await insert('project_task', [
    task(-7 * DAY, 0, sha('web: release 2')),
    task(3 * DAY, 1, sha('web: release 1')),
  ]);
  const callback = encodeURIComponent(
    'http://goploy.example.com/deploy/callback?project_review_id=2',
  );
  await insert('project_review', [
    {
      project_id: 2,
      commit_id: sha('api: fix'),
      branch: 'origin/release',
      review_url: '',
      state: 0,
      ...by(users.bob),
    },
    {
      project_id: 3,
      commit_id: 'r42',
      branch: 'master',
      review_url: `https://review.example.com/goploy?project=docs&commit=r42&callback=${callback}`,
      state: 1,
      ...by(users.alice, users.admin),
    },
  ]);

  // Two deployments of `web`, row by row as goploy's deploy task writes them. goploy carries one
  // trace value through the stages: the failed pull row keeps the queue row's ext, and the finish
  // row (8) repeats the ext and detail of the last local script (the after-pull one here).
  const commit = sha('web: add health check');
  const trace =
    (token: string, publisher: GoployUser, minutes: number) =>
    (type: number, state: number, ext: unknown, detail: string): GoployRow => ({
      token,
      project_id: 1,
      project_name: 'web',
      detail,
      state,
      publisher_id: publisher.id,
      publisher_name: publisher.name,
      type,
      insert_time: ago(minutes),
      ext: JSON.stringify(ext),
    });
  const failed = trace(failedToken, users.admin, DAY);
  const ok = trace(successToken, users.alice, 120);
  const queued = { script: webScript };
  const pulled = { script: 'echo pulled' };
  const release = `${webPath}-releases/${successToken}`;
  const rsyncOutput =
    'sending incremental file list\n./\nindex.html\nsrc/health.js\n\n' +
    'sent 2,345 bytes  received 76 bytes  4,842.00 bytes/sec\ntotal size is 8,192  speedup is 3.38\n';
  await insert('publish_trace', [
    failed(0, 1, queued, ''),
    failed(
      2,
      0,
      queued,
      `exit status 128, fatal: unable to access '${gitUrl}/': Couldn't connect to server`,
    ),
    ok(0, 1, queued, ''),
    ok(
      2,
      1,
      {
        branch: 'origin/main',
        commit,
        author: 'alice',
        timestamp: Math.floor(Date.now() / 1000) - 3 * 3600,
        message: 'Add health check endpoint',
        tag: 'v1.4.0',
        diff: ' src/health.js | 12 ++++++++++++\n src/server.js |  3 ++-\n 2 files changed, 14 insertions(+), 1 deletion(-)',
      },
      '',
    ),
    ok(3, 1, pulled, 'pulled\n'),
    ok(
      5,
      1,
      {
        serverId: 1,
        serverName: 'web-01',
        // goploy masks the sshpass password with a greedy pattern: it eats up to the target.
        command: `/usr/bin/rsync --include goploy-after-deploy-p1-s1.sh -rtv --exclude .git --delete-after -e sshpass -p ***** ${sshd.owner}@${sshd.ip}:${release}`,
      },
      rsyncOutput,
    ),
    ok(6, 1, { serverId: 1, serverName: 'web-01', script: 'echo deployed' }, 'deployed\n'),
    ok(8, 1, pulled, 'pulled\n'),
  ]);
  return {
    projects,
    deploys: {
      success: { token: successToken, projectId: 1, commit, publisherId: users.alice.id },
      failed: { token: failedToken, projectId: 1, publisherId: users.admin.id },
    },
  };
}
