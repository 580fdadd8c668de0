/**
 * The nine notification_template rows of a goploy 1.17 database: one title and one Go
 * text/template body per channel (1 WeCom markdown, 2 DingTalk markdown, 3 Feishu text) and use
 * (deploy, monitor, server_monitor), ids 1-9 in that order, on the data goploy hands them
 * (.Project, .CommitInfo, .ProjectServers, .DeployState, .DeployDetail; .Monitor, .ErrorMsg;
 * .Server, .ServerMonitor, .CycleValue). Written for these tests, in the seed's shape.
 */
export function goployNotificationTemplates() {
  const servers = (sep: string) =>
    `{{- range .ProjectServers}}\n` +
    `  {{- if ne .Server.Name .Server.IP}}{{ .Server.Name }}({{ .Server.IP }}){{ else }}{{ .Server.IP }}{{ end }}${sep}\n` +
    `{{- end}}`;
  const deploy = [
    // WeCom: <font color> marks colour the markdown.
    [
      '{{ .Project.Name }}',
      'Deploy: <font color="warning">{{ .Project.Name }}</font>\n' +
        'Publisher: <font color="comment">{{ .Project.PublisherName }}</font>\n' +
        'Author: <font color="comment">{{ .CommitInfo.Author }}</font>\n' +
        '{{ if ne .CommitInfo.Tag "" }}Tag: <font color="comment">{{ .CommitInfo.Tag }}</font>\n{{ end }}' +
        'Branch: <font color="comment">{{ .CommitInfo.Branch }}</font>\n' +
        'Commit: <font color="comment">{{ .CommitInfo.Commit }}</font>\n' +
        'Message: <font color="comment">{{ .CommitInfo.Message }}</font>\n' +
        `Servers: <font color="comment">${servers(' ')}</font>\n` +
        '{{ if eq .DeployState 2 }}State: <font color="info">success</font>{{ else }}State: <font color="warning">fail</font>{{ end }}\n' +
        '{{- if ne .DeployDetail "" }}\nDetail: <font color="comment">{{ .DeployDetail }}</font>{{ end }}',
    ],
    [
      '{{ .Project.Name }}',
      '#### Deploy: {{ .Project.Name }}\n' +
        '- Publisher: {{ .Project.PublisherName }}\n' +
        '- Author: {{ .CommitInfo.Author }}\n' +
        '{{ if ne .CommitInfo.Tag "" }}- Tag: {{ .CommitInfo.Tag }}\n{{ end }}' +
        '- Branch: {{ .CommitInfo.Branch }}\n' +
        '- Commit: {{ .CommitInfo.Commit }}\n' +
        '- Message: {{ .CommitInfo.Message }}\n' +
        `- Servers: ${servers(' ')}\n` +
        '{{ if eq .DeployState 2 }}- State: **success**{{ else }}- State: **fail**{{ end }}\n' +
        '{{- if ne .DeployDetail "" }}\n> {{ .DeployDetail }}{{ end }}',
    ],
    [
      'Deploy: {{ .Project.Name }}',
      'Publisher: {{ .Project.PublisherName }}\n' +
        'Author: {{ .CommitInfo.Author }}\n' +
        '{{ if ne .CommitInfo.Tag "" }}Tag: {{ .CommitInfo.Tag }}\n{{ end }}' +
        'Branch: {{ .CommitInfo.Branch }}\n' +
        'Commit: {{ .CommitInfo.Commit }}\n' +
        'Message: {{ .CommitInfo.Message }}\n' +
        `Servers: ${servers(',')}\n` +
        'State: {{ if eq .DeployState 2 }}success{{ else }}fail{{ end }}\n' +
        '{{- if ne .DeployDetail "" }}\nDetail: {{ .DeployDetail }}{{ end }}',
    ],
  ];
  const monitor = [
    [
      '{{ .Monitor.Name }}',
      'Monitor: <font color="warning">{{ .Monitor.Name }}</font> cannot be reached\n> <font color="comment">{{ .ErrorMsg }}</font>',
    ],
    [
      '{{ .Monitor.Name }}',
      '#### Monitor {{ .Monitor.Name }} cannot be reached\n> {{ .ErrorMsg }}',
    ],
    ['{{ .Monitor.Name }} is down', 'Cannot be reached\nError: {{ .ErrorMsg }}'],
  ];
  const rule =
    'Server: {{ .Server.Name }} ({{ .Server.Description }})\n' +
    'Item: {{ .ServerMonitor.Item }}\n' +
    'Event: {{ .ServerMonitor.Formula }} {{ .CycleValue }} {{ .ServerMonitor.Operator }} {{ .ServerMonitor.Value }}';
  const serverMonitor = [
    [
      '{{ .Server.Name }} {{ .ServerMonitor.Item }} warning',
      rule.replace(
        'Item: {{ .ServerMonitor.Item }}',
        'Item: <font color="warning">{{ .ServerMonitor.Item }}</font>',
      ),
    ],
    [
      '{{ .Server.Name }} {{ .ServerMonitor.Item }} warning',
      `#### ${rule.replaceAll('\n', '\n\n')}`,
    ],
    ['{{ .Server.Name }} {{ .ServerMonitor.Item }} warning', rule],
  ];
  return (
    [
      ['deploy', deploy],
      ['monitor', monitor],
      ['server_monitor', serverMonitor],
    ] as const
  ).flatMap(([useBy, rows], u) =>
    rows.map(([title, template], t) => ({
      id: u * 3 + t + 1,
      type: t + 1,
      use_by: useBy,
      title: title!,
      template: template!,
    })),
  );
}
