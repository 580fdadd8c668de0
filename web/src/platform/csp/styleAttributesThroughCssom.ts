/**
 * Under the page's policy a `style` attribute set from a string is refused, while the same
 * declarations set through the element's style object are not. Some widgets (antd's auto-sizing
 * text area) write their measuring styles with `setAttribute('style', …)`: those calls go through
 * the style object instead. Markup parsed from a string keeps being refused.
 */
export function styleAttributesThroughCssom(proto: Element = Element.prototype): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its element below
  const setAttribute = proto.setAttribute;
  proto.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === 'style' && 'style' in this) {
      (this as HTMLElement).style.cssText = String(value);
      return;
    }
    setAttribute.call(this, name, value);
  };
}
