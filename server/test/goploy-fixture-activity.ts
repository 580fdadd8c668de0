import type { GoployFixture, GoploySeed } from './goploy-fixture.js';
import { goployNotificationTemplates } from './goploy-notification-templates.js';
import { ago, DAY, type GoployRow } from './goploy-schema.js';

/**
 * What the goploy fixture's servers and users did besides deploying: monitors, warning rules and
 * agent samples, server processes, crons and their runs, saved scripts, notification templates,
 * and the login, operation, SFTP and terminal logs.
 */
export async function seedActivity(
  seed: GoploySeed,
  deployToken: string,
): Promise<GoployFixture['monitors']> {
  const { insert, users } = seed;

  const monitor = (m: GoployRow): GoployRow => ({
    namespace_id: 1,
    silent_cycle: 10,
    state: 1,
    error_content: '',
    success_server_id: 0,
    success_script: '',
    fail_server_id: 0,
    fail_script: '',
    ...m,
  });
  /** goploy's MonitorTarget as it marshals: `timeout` in seconds since 1.17.1. */
  const target = (items: string[], timeout: number, script = '') =>
    JSON.stringify({ items, timeout, process: '', script });
  await insert('monitor', [
    monitor({
      id: 1,
      name: 'web home page',
      type: 1,
      target: target([seed.monitorUrl], 5),
      second: 10,
      times: 1,
      description: 'The public site answers',
      notify_type: 255,
      notify_target: seed.customWebhookUrl,
    }),
    monitor({
      id: 2,
      name: 'db port',
      type: 2,
      target: target(['10.0.1.12:3306'], 3),
      second: 60,
      times: 3,
      description: 'MySQL on db-01',
      notify_type: 2,
      notify_target: seed.dingtalk,
      // Switched off after it alerted.
      state: 0,
      error_content: 'dial tcp 10.0.1.12:3306: i/o timeout',
    }),
    // Script monitors name servers by id in `items`.
    monitor({
      id: 3,
      name: 'disk space',
      type: 5,
      target: target(['1'], 10, "df -P / | awk 'NR==2 {exit ($5+0 > 90)}'"),
      second: 300,
      times: 2,
      description: 'Root disk below 90%',
      notify_type: 1,
      notify_target: seed.wecom,
      success_server_id: 1,
      success_script: 'echo "$(date) disk ok" >> /tmp/goploy-disk.log',
      fail_server_id: 1,
      fail_script: 'find /tmp -name "*.log" -mtime +7 -delete',
    }),
  ]);

  const rule = (serverId: number, item: string, formula: string, operator: string) => ({
    server_id: serverId,
    item,
    formula,
    operator,
    value: '80',
    group_cycle: 5,
    last_cycle: 3,
    silent_cycle: 30,
    start_time: '00:00',
    end_time: '23:59',
    notify_type: 3,
    notify_target: seed.feishu,
  });
  await insert('server_monitor', [
    rule(1, 'cpu_usage', 'avg', '>'),
    rule(2, 'ram_usage', 'max', '>='),
  ]);
  // The agent's items per type (1 cpu … 8 disk io), three samples a minute apart, as text.
  const samples: [type: number, item: string, values: string[]][] = [
    [1, 'cpu_usage', ['12.50', '35.02', '8.75']],
    [2, 'ram_usage', ['41.20', '41.90', '42.05']],
    [3, 'loadavg_1m', ['0.12', '0.48', '0.05']],
    [4, 'tcp.established', ['14', '17', '12']],
    [5, 'eth0.in', ['10240', '52811', '3022']],
    [6, 'lo.out', ['512', '498', '530']],
    [7, '/dev/vda1.usage', ['63.00', '63.00', '63.10']],
    [8, 'vda.write_iops', ['3', '11', '0']],
  ];
  await insert(
    'server_agent_log',
    samples.flatMap(([type, item, values]) =>
      values.map((value, i) => ({
        server_id: 1,
        type,
        item,
        value,
        report_time: `${ago(3 - i).slice(0, 16)}:00`,
      })),
    ),
  );
  const items = (list: [name: string, command: string][]) =>
    JSON.stringify(list.map(([name, command]) => ({ name, command })));
  await insert('server_process', [
    { namespace_id: 1, name: 'system', items: items([['status', 'uptime']]) },
    {
      namespace_id: 2,
      name: 'nginx',
      items: items([
        ['status', 'systemctl status nginx --no-pager'],
        ['reload', 'nginx -t && nginx -s reload'],
      ]),
    },
  ]);

  await insert('cron', [
    {
      server_id: 1,
      expression: '0 */5 * * * ?',
      command: 'find /tmp -name "goploy-*" -mmin +60 -delete',
      single_mode: 1,
      log_level: 2,
      description: 'Clean old deploy scripts',
      creator: users.alice.name,
      editor: users.alice.name,
      state: 1,
    },
    {
      server_id: 3,
      expression: '0 30 3 * * *',
      command: 'mysqldump --all-databases | gzip > /backup/all.sql.gz',
      single_mode: 0,
      log_level: 0,
      description: 'Nightly dump',
      creator: users.admin.name,
      editor: users.admin.name,
      state: 0,
    },
  ]);
  const denied = "find: '/tmp/goploy-old': Permission denied";
  await insert('cron_log', [
    { cron_id: 1, server_id: 1, exec_code: 0, message: '', report_time: ago(10) },
    { cron_id: 1, server_id: 1, exec_code: 1, message: denied, report_time: ago(5) },
  ]);
  await insert('template', [
    { type: 1, name: 'disk usage', content: 'df -h\n', description: 'Free space of every disk' },
    {
      type: 1,
      name: 'top memory',
      content: 'ps aux --sort=-%mem | head -n 10\n',
      description: 'The ten processes using the most memory',
    },
  ]);
  await insert('notification_template', goployNotificationTemplates());

  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/124.0.0.0 Safari/537.36';
  const login = (account: string, addr: string, reason: string, minutes: number) => ({
    account,
    remote_addr: addr,
    user_agent: chrome,
    referer: 'http://goploy.example.com/',
    reason,
    login_time: ago(minutes),
  });
  await insert('login_log', [
    login('admin', '192.168.1.20:53412', '', 30),
    login(
      'alice',
      '192.168.1.31:60122',
      "We couldn't verify your identity. Please confirm if your username and password are correct",
      95,
    ),
    login('alice', '192.168.1.31:60130', '', 90),
    login('carol', '10.8.0.6:41800', 'Account is disabled', 2 * DAY),
  ]);
  const op =
    (userId: number, router: string, api: string, minutes: number) =>
    // The request as sent (with `_query` when there was a query string), the reply as answered.
    (request: unknown, data: unknown) => ({
      user_id: userId,
      namespace_id: 1,
      router,
      api,
      request_time: ago(minutes),
      request_data: JSON.stringify(request),
      response_time: ago(minutes),
      response_data: JSON.stringify({ code: 0, message: '', data }),
    });
  const { carol } = users;
  await insert('operation_log', [
    // goploy logs request bodies whole: passwords included.
    op(
      1,
      '/member/index',
      '/user/add',
      250 * DAY,
    )(
      {
        account: carol.account,
        password: carol.password,
        name: carol.name,
        contact: carol.contact,
        superManager: 0,
      },
      { id: carol.id },
    ),
    op(
      1,
      '/project/index',
      '/project/uploadFile',
      150 * DAY,
    )({ _query: 'filename=config%2Fapp.env&projectFileId=0&projectId=1' }, { id: 1 }),
    op(
      users.alice.id,
      '/deploy/index',
      '/deploy/publish',
      120,
    )(
      { projectId: 1, commit: '', branch: '', serverIds: [], customVariables: [] },
      { token: deployToken },
    ),
  ]);
  const sftp = (type: string, path: string, reason: string, minutes: number) => ({
    namespace_id: 1,
    user_id: users.alice.id,
    server_id: 1,
    remote_addr: '192.168.1.31:60188',
    user_agent: chrome,
    type,
    path,
    reason,
    insert_time: ago(minutes),
  });
  const nginxConf = '/etc/nginx/conf.d/web.conf';
  await insert('sftp_log', [
    sftp('READ', '/var/log', '', 60),
    sftp('DOWNLOAD', '/var/log/syslog', '', 59),
    sftp('UPLOAD', nginxConf, `open ${nginxConf}: permission denied`, 58),
  ]);
  const terminal = (
    userId: number,
    serverId: number,
    addr: string,
    start: string,
    end: string,
  ) => ({
    namespace_id: 1,
    user_id: userId,
    server_id: serverId,
    remote_addr: addr,
    user_agent: chrome,
    start_time: start,
    end_time: end,
  });
  await insert('terminal_log', [
    terminal(1, 1, '192.168.1.20:53470', ago(25), ago(20)),
    // A session whose end was never written keeps goploy's default end time.
    terminal(users.alice.id, 2, '192.168.1.31:60201', ago(80), '1970-01-01 00:00:00'),
  ]);
  return { http: 1, tcp: 2, script: 3 };
}
