import { theme } from 'antd';
import { pageNonce } from './csp/pageNonce';

const nonce = pageNonce();

/**
 * The few rules antd's tokens do not reach, written once with the page's CSP nonce: a field's
 * error keeps the gap to the next field's label (antd lets the message take the whole gap); a
 * block-node tree's title shrinks to the tree's width (antd lets it grow past it, cut off), so a
 * long name ends in an ellipsis and the marks beside it stay in view.
 */
export function GlobalStyle() {
  const { token } = theme.useToken();
  const css =
    `.ant-form-item-with-help .ant-form-item-explain-connected{padding-bottom:${token.marginXS}px}` +
    '.ant-tree-block-node .ant-tree-node-content-wrapper{min-width:0}';
  return <style nonce={nonce}>{css}</style>;
}
