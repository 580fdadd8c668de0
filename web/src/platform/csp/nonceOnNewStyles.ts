/**
 * Gives every `<style>` element the app's code makes (HTML or SVG) the page's nonce, so the
 * policy may refuse inline styles that did not come from the app. antd takes the nonce through
 * its ConfigProvider; the terminal (xterm.js) and SVG images make their own `<style>` elements
 * and have no such option. Markup parsed from a string (innerHTML) does not pass here and still
 * needs the nonce.
 */
export function nonceOnNewStyles(nonce: string | undefined, doc: Document = document): void {
  if (!nonce) return;
  const withNonce = (element: Element) => {
    if (element.localName === 'style') (element as HTMLElement | SVGElement).nonce = nonce;
    return element;
  };
  const create = doc.createElement.bind(doc) as (tag: string, options?: object) => Element;
  const createNS = doc.createElementNS.bind(doc) as (
    ns: string | null,
    tag: string,
    options?: object,
  ) => Element;
  doc.createElement = ((tag: string, options?: object) =>
    withNonce(create(tag, options))) as Document['createElement'];
  doc.createElementNS = ((ns: string | null, tag: string, options?: object) =>
    withNonce(createNS(ns, tag, options))) as Document['createElementNS'];
}
