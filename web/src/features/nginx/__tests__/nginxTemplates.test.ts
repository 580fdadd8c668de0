import { describe, expect, it } from 'vitest';
import {
  defaultFields,
  fieldValid,
  renderTemplate,
  templateFileName,
} from '../utils/nginxTemplates';

describe('the configuration templates', () => {
  it('writes a reverse proxy with the chosen host, port and upstream', () => {
    const text = renderTemplate('proxy', {
      ...defaultFields('proxy'),
      serverName: 'app.example.com www.example.com',
      port: 8080,
      upstream: 'http://127.0.0.1:3000',
    });
    expect(text).toContain('    listen 8080;\n    server_name app.example.com www.example.com;');
    expect(text).toContain('        proxy_pass http://127.0.0.1:3000;');
    expect(text.startsWith('server {\n')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('writes a static site with its root and no proxy', () => {
    const text = renderTemplate('static', {
      ...defaultFields('static'),
      root: '/srv/site',
      port: 80,
    });
    expect(text).toContain('    root /srv/site;');
    expect(text).toContain('try_files $uri $uri/ =404;');
    expect(text).not.toContain('proxy_pass');
  });

  it('writes TLS with the certificate paths on an ssl listener', () => {
    const text = renderTemplate('tls', {
      ...defaultFields('tls'),
      certificate: '/etc/ssl/a.pem',
      certificateKey: '/etc/ssl/a.key',
    });
    expect(text).toContain('    listen 443 ssl;');
    expect(text).toContain('    ssl_certificate /etc/ssl/a.pem;');
    expect(text).toContain('    ssl_certificate_key /etc/ssl/a.key;');
  });

  it('balances its braces in every template', () => {
    for (const t of ['proxy', 'static', 'tls'] as const) {
      const text = renderTemplate(t, defaultFields(t));
      expect(text.split('{').length, t).toBe(text.split('}').length);
    }
  });

  it('refuses values that would break out of a directive', () => {
    expect(fieldValid('serverName', 'a.example.com b.example.com')).toBe(true);
    expect(fieldValid('serverName', 'a.com; include /etc/passwd')).toBe(false);
    expect(fieldValid('serverName', 'a.com\nroot /')).toBe(false);
    expect(fieldValid('upstream', 'http://10.0.0.2:8080/api')).toBe(true);
    expect(fieldValid('upstream', 'http://a;b')).toBe(false);
    expect(fieldValid('upstream', 'ftp://a')).toBe(false);
    expect(fieldValid('root', '/srv/www')).toBe(true);
    expect(fieldValid('root', 'srv/www')).toBe(false);
    expect(fieldValid('root', '/srv/../etc')).toBe(false);
    expect(fieldValid('certificate', '/a b')).toBe(false);
    expect(fieldValid('port', 443)).toBe(true);
    expect(fieldValid('port', 0)).toBe(false);
    expect(fieldValid('port', 70000)).toBe(false);
  });

  it('names the file after the first host', () => {
    expect(templateFileName({ serverName: 'app.example.com www.example.com' })).toBe(
      'app.example.com.conf',
    );
    expect(templateFileName({ serverName: '*.example.com' })).toBe('_.example.com.conf');
    expect(templateFileName({ serverName: '' })).toBe('site.conf');
  });
});
