import type common from '../../locales/en/common.json';
import type cron from '../../locales/en/cron.json';
import type deploy from '../../locales/en/deploy.json';
import type deployDialogs from '../../locales/en/deployDialogs.json';
import type errors from '../../locales/en/errors.json';
import type layout from '../../locales/en/layout.json';
import type log from '../../locales/en/log.json';
import type login from '../../locales/en/login.json';
import type menu from '../../locales/en/menu.json';
import type metrics from '../../locales/en/metrics.json';
import type member from '../../locales/en/member.json';
import type monitor from '../../locales/en/monitor.json';
import type monitorDetail from '../../locales/en/monitorDetail.json';
import type namespace from '../../locales/en/namespace.json';
import type nginx from '../../locales/en/nginx.json';
import type notification from '../../locales/en/notification.json';
import type process from '../../locales/en/process.json';
import type project from '../../locales/en/project.json';
import type projectTools from '../../locales/en/projectTools.json';
import type repository from '../../locales/en/repository.json';
import type review from '../../locales/en/review.json';
import type schedule from '../../locales/en/schedule.json';
import type script from '../../locales/en/script.json';
import type server from '../../locales/en/server.json';
import type sftp from '../../locales/en/sftp.json';
import type system from '../../locales/en/system.json';
import type terminal from '../../locales/en/terminal.json';
import type toolbox from '../../locales/en/toolbox.json';
import type toolboxText from '../../locales/en/toolboxText.json';
import type user from '../../locales/en/user.json';
import type webhook from '../../locales/en/webhook.json';

/** English is the source of truth for keys; zh-CN must have the same (a test checks). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      cron: typeof cron;
      // Its dialogs' texts arrive with them (`namespaceParts.ts`) and join it.
      deploy: typeof deploy & typeof deployDialogs;
      deployDialogs: typeof deployDialogs;
      errors: typeof errors;
      layout: typeof layout;
      log: typeof log;
      login: typeof login;
      menu: typeof menu;
      member: typeof member;
      metrics: typeof metrics;
      monitor: typeof monitor;
      monitorDetail: typeof monitorDetail;
      namespace: typeof namespace;
      nginx: typeof nginx;
      notification: typeof notification;
      process: typeof process;
      project: typeof project;
      projectTools: typeof projectTools;
      repository: typeof repository;
      review: typeof review;
      schedule: typeof schedule;
      script: typeof script;
      server: typeof server;
      sftp: typeof sftp;
      system: typeof system;
      terminal: typeof terminal;
      toolbox: typeof toolbox;
      toolboxText: typeof toolboxText;
      user: typeof user;
      webhook: typeof webhook;
    };
  }
}
