/** The kinds of configuration the "new config" dialog starts from. */
export const NGINX_TEMPLATES = ['proxy', 'static', 'tls'] as const;
export type NginxTemplate = (typeof NGINX_TEMPLATES)[number];

/** What the template form asks for; each template uses the fields it needs. */
export interface TemplateFields {
  /** One or more host names, separated by spaces (`server_name`). */
  serverName: string;
  port: number;
  /** Where a reverse proxy sends requests: `http://127.0.0.1:3000`. */
  upstream: string;
  /** The directory a static site serves. */
  root: string;
  certificate: string;
  certificateKey: string;
}

/** The form's starting values for `template`. */
export function defaultFields(template: NginxTemplate): TemplateFields {
  return {
    serverName: 'example.com',
    port: template === 'tls' ? 443 : 80,
    upstream: 'http://127.0.0.1:3000',
    root: '/var/www/example.com',
    certificate: '/etc/ssl/certs/example.com.pem',
    certificateKey: '/etc/ssl/private/example.com.key',
  };
}

// A value lands inside a directive: nothing that could end it (`;`), open or close a block,
// start a comment or a quoted string, or break the line may pass.
const HOST_NAMES = /^[A-Za-z0-9*.~_-]+( [A-Za-z0-9*.~_-]+)*$/;
const UPSTREAM = /^(https?:\/\/)[A-Za-z0-9.:[\]_-]+(\/[A-Za-z0-9._~/-]*)?$/;
const ABSOLUTE_PATH = /^\/[A-Za-z0-9._@+/-]*$/;

/** The fields a template reads, each checked by the form. */
export const TEMPLATE_FIELDS: Record<NginxTemplate, readonly (keyof TemplateFields)[]> = {
  proxy: ['serverName', 'port', 'upstream'],
  static: ['serverName', 'port', 'root'],
  tls: ['serverName', 'port', 'upstream', 'certificate', 'certificateKey'],
};

/** Whether `value` is acceptable for `field`: the rule the form shows when it is not. */
export function fieldValid(field: keyof TemplateFields, value: unknown): boolean {
  if (field === 'port')
    return Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 65535;
  const text = typeof value === 'string' ? value : '';
  if (field === 'serverName') return HOST_NAMES.test(text);
  if (field === 'upstream') return UPSTREAM.test(text);
  return ABSOLUTE_PATH.test(text) && !text.split('/').includes('..');
}

/** The file name a new configuration gets: the first host name, `.conf`. */
export function templateFileName(fields: Pick<TemplateFields, 'serverName'>): string {
  const first = fields.serverName.trim().split(' ')[0] ?? '';
  const safe = first.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return `${safe || 'site'}.conf`;
}

const proxyLocation = (upstream: string) => [
  '    location / {',
  `        proxy_pass ${upstream};`,
  '        proxy_http_version 1.1;',
  '        proxy_set_header Host $host;',
  '        proxy_set_header X-Real-IP $remote_addr;',
  '        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  '        proxy_set_header X-Forwarded-Proto $scheme;',
  '        proxy_set_header Upgrade $http_upgrade;',
  '        proxy_set_header Connection "upgrade";',
  '    }',
];

const staticLocation = (root: string) => [
  `    root ${root};`,
  '    index index.html index.htm;',
  '',
  '    location / {',
  '        try_files $uri $uri/ =404;',
  '    }',
];

/** The configuration text of `template` filled with `fields` (checked with `fieldValid` first). */
export function renderTemplate(template: NginxTemplate, fields: TemplateFields): string {
  const head = [`    server_name ${fields.serverName.trim()};`];
  let body: string[];
  if (template === 'proxy') {
    body = [`    listen ${fields.port};`, ...head, '', ...proxyLocation(fields.upstream)];
  } else if (template === 'static') {
    body = [`    listen ${fields.port};`, ...head, '', ...staticLocation(fields.root)];
  } else {
    body = [
      `    listen ${fields.port} ssl;`,
      ...head,
      '',
      `    ssl_certificate ${fields.certificate};`,
      `    ssl_certificate_key ${fields.certificateKey};`,
      '    ssl_protocols TLSv1.2 TLSv1.3;',
      '    ssl_session_cache shared:SSL:10m;',
      '',
      ...proxyLocation(fields.upstream),
    ];
  }
  return ['server {', ...body, '}', ''].join('\n');
}
