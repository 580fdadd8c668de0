import type common from '../../locales/en/common.json';
import type errors from '../../locales/en/errors.json';
import type layout from '../../locales/en/layout.json';
import type login from '../../locales/en/login.json';
import type menu from '../../locales/en/menu.json';
import type user from '../../locales/en/user.json';

/** English is the source of truth for keys; zh-CN must have the same (a test checks). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      layout: typeof layout;
      login: typeof login;
      menu: typeof menu;
      user: typeof user;
    };
  }
}
