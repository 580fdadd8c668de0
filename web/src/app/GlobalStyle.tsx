import { theme } from 'antd';
import { pageNonce } from './csp/pageNonce';

const nonce = pageNonce();

/**
 * The few rules antd's tokens do not reach, written once with the page's CSP nonce: a field's
 * error keeps the gap to the next field's label (antd lets the message take the whole gap).
 */
export function GlobalStyle() {
  const { token } = theme.useToken();
  const css = `.ant-form-item-with-help .ant-form-item-explain-connected{padding-bottom:${token.marginXS}px}`;
  return <style nonce={nonce}>{css}</style>;
}
