/**
 * Icons beside a text label: in a button with text, and in a menu entry. antd's icons carry
 * `role="img"` and an English `aria-label` (the glyph's name), so a screen reader announced
 * "plus Add project"; here they are decoration. An icon-only button keeps its icon's name, the
 * only one it has (and its own `aria-label` where a page gives one).
 */
const DECORATIVE = [
  '.ant-btn:not(.ant-btn-icon-only) > .ant-btn-icon .anticon',
  '.ant-dropdown-menu-item-icon',
  '.ant-dropdown-menu-item > .anticon',
  '.ant-alert-icon',
  '.ant-result-icon .anticon',
]
  .map((s) => `${s}:not([aria-hidden])`)
  .join(',');

function hideWithin(root: Element): void {
  if (root.matches(DECORATIVE)) root.setAttribute('aria-hidden', 'true');
  for (const icon of root.querySelectorAll(DECORATIVE)) icon.setAttribute('aria-hidden', 'true');
}

/**
 * Marks decorative icons under `root` hidden from screen readers, now and in whatever is added
 * later, in one place rather than on every page. Only added nodes are searched, so a page that
 * changes often (a live log) pays little. Returns the function that stops watching.
 */
export function hideLabelledIcons(root: HTMLElement = document.body): () => void {
  hideWithin(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) hideWithin(node.parentElement ?? node);
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
