import { z } from 'zod';
import { intField, stringField, textField } from '../../fields.js';
import { route } from '../../route.js';

/**
 * One entry per namespace of the caller. goploy's own server sends `id`, `name`, `role_id`;
 * its SPA and the specification read `namespaceId`, `namespaceName`, `roleId`. Both are sent.
 */
export const namespaceEntry = z.object({
  namespaceId: z.number(),
  namespaceName: z.string(),
  roleId: z.number(),
  id: z.number(),
  name: z.string(),
  role_id: z.number(),
  permissionIds: z.null(),
});

/**
 * `preferredNamespaceId` is ours (goploy clients ignore it): the namespace to open after sign-in,
 * the one last worked in, else the first holding projects; 0 when neither. `namespaceList` keeps
 * goploy's order.
 */
export const loginResult = z.object({
  token: z.string(),
  namespaceList: z.array(namespaceEntry),
  preferredNamespaceId: z.number(),
});

/** Login takes any non-empty password: the rule applies when a password is set, not checked. */
export const login = route({
  method: 'POST',
  path: '/user/login',
  access: 'public',
  input: z.object({
    account: textField(1, 25),
    password: stringField().min(1, 'must not be empty').max(128, 'must be at most 128 characters'),
    newPassword: stringField().max(128, 'must be at most 128 characters').optional().default(''),
    captchaKey: stringField().max(128, 'must be at most 128 characters').optional().default(''),
  }),
  output: loginResult,
});

export const extLogin = route({
  method: 'POST',
  path: '/user/extLogin',
  access: 'public',
  input: z.object({
    account: textField(1, 25),
    time: intField(0, 99_999_999_999),
    token: stringField().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits'),
  }),
  output: loginResult,
});

export const logout = route({
  method: 'POST',
  path: '/user/logout',
  access: 'user',
  input: z.object({}),
  output: z.null(),
  audit: false,
});

export const loginConfig = z.object({
  ldap: z.object({ enabled: z.boolean() }),
  captcha: z.object({ enabled: z.boolean() }),
  mediaURL: z.object({ dingtalk: z.string(), feishu: z.string() }),
  /** Ours: OpenID Connect sign-in, and the label of its button ('' for "single sign-on"). */
  oidc: z.object({ enabled: z.boolean(), label: z.string() }),
});

export const getConfig = route({
  method: 'GET',
  path: '/user/getConfig',
  access: 'public',
  input: z.object({}),
  output: loginConfig,
});

/** The older goploy name, still served. */
export const getCaptchaConfig = route({
  method: 'GET',
  path: '/user/getCaptchaConfig',
  access: 'public',
  input: z.object({}),
  output: z.object({ enabled: z.boolean() }),
});

/**
 * The providers' authorize addresses, empty for a provider that is off. `redirectUri` must be an
 * address of this console (its login page when not given); the `state` in each address is bound
 * to this browser by a cookie, so a sign-in started elsewhere cannot be finished here.
 */
export const getMediaLoginUrl = route({
  method: 'GET',
  path: '/user/getMediaLoginUrl',
  access: 'public',
  input: z.object({
    redirectUri: stringField().max(2048, 'must be at most 2048 characters').optional(),
  }),
  output: z.object({ dingtalk: z.string(), feishu: z.string() }),
});

/**
 * DingTalk or Feishu sign-in: the code the provider sent back to `redirectUri`, exchanged for the
 * member's mobile number, which must be one member's `contact`. `state` is the one the authorize
 * address carried (`dingtalk.…` or `feishu.…`).
 */
export const mediaLogin = route({
  method: 'POST',
  path: '/user/mediaLogin',
  access: 'public',
  input: z.object({
    authCode: textField(1, 512),
    state: textField(1, 128),
    redirectUri: stringField().max(2048, 'must be at most 2048 characters').optional().default(''),
  }),
  output: loginResult,
});

/**
 * Ours: starts an OpenID Connect sign-in. Answers the provider's authorize address and binds the
 * sign-in (its state, nonce and PKCE verifier, sealed) to this browser by a cookie.
 */
export const getOidcLoginUrl = route({
  method: 'GET',
  path: '/user/getOidcLoginUrl',
  access: 'public',
  input: z.object({}),
  output: z.object({ url: z.string() }),
});

/**
 * Ours: where the provider sends the browser back (`FERRY_PUBLIC_URL` + this path). It answers a
 * redirect to the login page carrying the provider's answer as it came, which the page then
 * hands to `/user/oidcLogin`.
 */
export const oidcCallback = route({
  method: 'GET',
  path: '/user/oidcCallback',
  access: 'public',
  input: z.object({}),
  output: z.null(),
  audit: false,
});

/**
 * Ours: finishes an OpenID Connect sign-in with the provider's answer (`callback`: the query
 * string the callback received), in the browser that started it.
 */
export const oidcLogin = route({
  method: 'POST',
  path: '/user/oidcLogin',
  access: 'public',
  secretInput: ['callback'],
  input: z.object({ callback: textField(1, 4096) }),
  output: loginResult,
});

export const getCaptcha = route({
  method: 'GET',
  path: '/user/getCaptcha',
  access: 'public',
  input: z.object({ language: z.string().max(16).optional().default('') }),
  output: z.object({ base64: z.string(), thumbBase64: z.string(), key: z.string() }),
});

export const checkCaptcha = route({
  method: 'POST',
  path: '/user/checkCaptcha',
  access: 'public',
  input: z.object({
    key: textField(1, 128),
    dots: z
      .array(z.number({ error: 'must be numbers' }), { error: 'must be a list of numbers' })
      .max(40, 'has too many points'),
    redirectUri: z.string().max(2048).optional(),
  }),
  output: z.null(),
});
