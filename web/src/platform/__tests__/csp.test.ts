import { describe, expect, it } from 'vitest';
import { nonceOnNewStyles } from '../csp/nonceOnNewStyles';
import { pageNonce } from '../csp/pageNonce';
import { styleAttributesThroughCssom } from '../csp/styleAttributesThroughCssom';

function page(meta: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><head>${meta}</head>`, 'text/html');
}

describe('the page nonce', () => {
  it('is read from the meta tag the server fills in', () => {
    expect(pageNonce(page('<meta property="csp-nonce" nonce="abc123==">'))).toBe('abc123==');
  });

  it('is absent without the tag or with the build placeholder (dev server)', () => {
    expect(pageNonce(page(''))).toBeUndefined();
    expect(pageNonce(page('<meta property="csp-nonce" nonce="FERRY_CSP_NONCE">'))).toBeUndefined();
  });

  it('goes on every style element the code makes, and on nothing else', () => {
    const doc = page('');
    nonceOnNewStyles('n0nce', doc);
    expect(doc.createElement('style').nonce).toBe('n0nce');
    expect(doc.createElement('STYLE').nonce).toBe('n0nce');
    expect(doc.createElement('script').nonce).toBe('');
    expect(doc.createElement('div').tagName).toBe('DIV');
  });

  it('leaves the document alone without a nonce', () => {
    const doc = page('');
    const own = () => Object.getOwnPropertyNames(doc);
    const before = own();
    nonceOnNewStyles(undefined, doc);
    expect(own()).toEqual(before);
    nonceOnNewStyles('n0nce', doc);
    expect(own()).toContain('createElement');
  });
});

describe('SVG styles', () => {
  it('get the nonce too', () => {
    const doc = page('');
    nonceOnNewStyles('n0nce', doc);
    const style = doc.createElementNS('http://www.w3.org/2000/svg', 'style');
    expect(style.nonce).toBe('n0nce');
    const rect = doc.createElementNS('http://www.w3.org/2000/svg', 'rect');
    expect(rect.nonce).toBe('');
  });
});

describe('style attributes set from code', () => {
  it('go through the style object, other attributes as they were', () => {
    const written: string[] = [];
    const proto = {
      setAttribute(name: string) {
        written.push(name);
      },
    } as unknown as Element;
    styleAttributesThroughCssom(proto);
    const el = Object.assign(Object.create(proto) as Element, { style: { cssText: '' } });
    el.setAttribute('style', 'height: 0px !important');
    el.setAttribute('STYLE', 'min-height: 10px');
    expect(el.style.cssText).toBe('min-height: 10px');
    el.setAttribute('rows', '3');
    expect(written).toEqual(['rows']);
  });
});
