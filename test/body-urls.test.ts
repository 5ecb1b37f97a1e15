// Issue 28, item 8: a URL in a reply's body is remote, local or dropped as the reader's browser
// would read it, not as a pattern over its text. Each row is written as it would be in the
// mail's HTML (so `&#10;` is an entity the HTML parser decodes); the document is what
// GET /dashboard/api/replies/{id}/body answers, with and without remote_images=true.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { address, ALLOWED_ATTRIBUTES, bodyDocument } from '../src/dashboard/body.ts';

const EVIL = 'evil.example';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

type Outcome = ['remote', string] | ['local'] | ['embedded', string] | ['dropped'];
const ROWS: [string, Outcome][] = [
  [' http://evil.example/x', ['remote', 'http://evil.example/x']],
  ['\nhttp://evil.example/x', ['remote', 'http://evil.example/x']],
  ['\t\r\n\fhttp://evil.example/x \n', ['remote', 'http://evil.example/x']],
  ['http:\\\\evil.example\\x', ['remote', 'http://evil.example/x']],
  ['http:/\\evil.example/x', ['remote', 'http://evil.example/x']],
  ['http:evil.example/x', ['remote', 'http://evil.example/x']],
  ['ht\ttp://evil.example/x', ['remote', 'http://evil.example/x']],
  ['h&#9;t&#10;t&#13;p://evil.example/x', ['remote', 'http://evil.example/x']],
  ['HTTP://evil.example/x', ['remote', 'http://evil.example/x']],
  ['HtTpS://EVIL.example/x', ['remote', 'https://evil.example/x']],
  ['//evil.example/x', ['remote', 'https://evil.example/x']],
  ['\\\\evil.example\\x', ['remote', 'https://evil.example/x']],
  ['/\\evil.example/x', ['remote', 'https://evil.example/x']],
  ['&#x20;http://evil.example/x', ['remote', 'http://evil.example/x']],
  ['&#10;http://evil.example/x', ['remote', 'http://evil.example/x']],
  ['&#x1;http://evil.example/x', ['remote', 'http://evil.example/x']],
  ['https:/\\evil.example/x', ['remote', 'https://evil.example/x']],
  ['https://evil.example/%2e%2e/x?a=1#f', ['remote', 'https://evil.example/x?a=1#f']],
  ['http://replydesk.invalid/x', ['remote', 'http://replydesk.invalid/x']],
  ['javascript:alert(1)', ['dropped']],
  ['java&#9;script:alert(1)', ['dropped']],
  [' JavaScript:alert(1)', ['dropped']],
  ['vbscript:msgbox(1)', ['dropped']],
  ['file:///etc/passwd', ['dropped']],
  ['ftp://evil.example/x', ['dropped']],
  ['blob:https://evil.example/0b1e', ['dropped']],
  ['about:blank', ['dropped']],
  ['http://', ['dropped']],
  ['https:', ['dropped']],
  ['http://[evil.example/x', ['dropped']],
  [` ${PNG}`, ['embedded', PNG]],
  ['cid:part1.abc@mail', ['embedded', 'cid:part1.abc@mail']],
  ['/x', ['local']],
  ['x.png', ['local']],
  ['?a=1', ['local']],
  ['%68ttp://evil.example/x', ['local']], // a percent-encoded scheme is no scheme: a path
  ['/.//evil.example/x', ['local']], // a path that begins with two slashes, on this origin
];

const remoteCount = (document: string) => Number(/<meta name="replydesk-remote-images" content="(\d+)">/.exec(document)?.[1]);
const doc = (html: string, remoteImages: boolean) => bodyDocument({ body_html: html, body_text: '' }, { remoteImages }).document;
const attr = (raw: string) => raw.replaceAll('"', '&quot;');
/** An attribute as the HTML parser reads it (character references decoded): how a local one is written back. */
const written = (raw: string) => raw.replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, n: string) => String.fromCodePoint(parseInt(n, hex ? 16 : 10)));

describe('what an <img src> is', () => {
  it.each(ROWS)('%j is %j', (raw, [outcome, normalised]) => {
    const html = `<p>hi</p><img src="${attr(raw)}" alt="a">`;
    const blocked = doc(html, false);
    const loaded = doc(html, true);
    const srcs = (d: string) => [...d.matchAll(/<img([^>]*)>/g)].map((m) => /src="([^"]*)"/.exec(m[1]!)?.[1] ?? null);
    if (outcome === 'remote') {
      expect(remoteCount(blocked)).toBe(1);
      expect(srcs(blocked)).toEqual([null]);
      expect(blocked).toContain('data-remote="1"');
      expect(blocked.toLowerCase()).not.toContain(EVIL);
      expect(remoteCount(loaded)).toBe(0);
      expect(srcs(loaded)).toEqual([normalised]);
    } else {
      for (const d of [blocked, loaded]) {
        expect(remoteCount(d)).toBe(0);
        expect(d).not.toContain('data-remote="1"');
        if (outcome === 'dropped') expect(srcs(d)).toEqual([null]);
        if (outcome === 'embedded') expect(srcs(d)).toEqual([normalised]);
        if (outcome === 'local') expect(srcs(d)).toEqual([written(raw)]);
      }
    }
  });

  it("marks the placeholder itself: a mail's own data-remote is not kept", () => {
    const d = doc('<img src="/x" data-remote="1"><img src="cid:y" data-remote="1">', false);
    expect(d).not.toContain('data-remote="1"');
    expect(remoteCount(d)).toBe(0);
  });

  it('counts each remote image of a body, and only those', () => {
    const html = ROWS.map(([raw]) => `<img src="${attr(raw)}">`).join('');
    expect(remoteCount(doc(html, false))).toBe(ROWS.filter(([, [o]]) => o === 'remote').length);
  });
});

describe('what loads nothing whatever it holds', () => {
  // the allow-list keeps none of these: a remote candidate in them is never fetched, so it is not counted
  it.each([
    ['srcset with one remote candidate', `<img src="/a.png" srcset="/a.png 1x, http:\\\\${EVIL}\\x 2x, b.png 3x">`],
    ['a picture source', `<picture><source srcset="//${EVIL}/x"><img src="/a.png"></picture>`],
    ['a table background', `<table background=" http://${EVIL}/x"><tr><td background="//${EVIL}/y">c</td></tr></table>`],
    ['a body background', `<body background="http://${EVIL}/x"><p>b</p></body>`],
    ['a video poster', `<video poster="http://${EVIL}/x" src="http://${EVIL}/v"></video>`],
    ['an SVG image', `<svg><image href="http://${EVIL}/x" xlink:href="http://${EVIL}/y"/></svg>`],
    ['an input image', `<input type="image" src="http://${EVIL}/x">`],
    ['a link element', `<link rel="stylesheet" href="http://${EVIL}/x.css">`],
    ['an inline style background', `<div style="background:url(http://${EVIL}/x);color:red">s</div>`],
    ['an inline style background-image', `<div style="background-image: url('//${EVIL}/x')">s</div>`],
    ['url() after a line break in a style', `<div style="color:red;background-color:red&#10;url(x.png)">s</div>`],
    ['url() spelt in capitals', `<div style="border:1px URL(x.png)">s</div>`],
    ['a ping', `<a href="/ok" ping="http://${EVIL}/x">ok</a>`],
  ])('%s', (_, html) => {
    for (const remoteImages of [false, true]) {
      const d = doc(html, remoteImages);
      expect(remoteCount(d)).toBe(0);
      expect(d.toLowerCase()).not.toContain(EVIL);
      expect(d.toLowerCase()).not.toMatch(/url\s*\(|srcset|background=|poster|ping=/);
    }
  });

  it('allows no attribute that holds a URL but img src and a href, the two that address() reads', () => {
    const URL_ATTRIBUTES = [
      'src',
      'srcset',
      'href',
      'xlink:href',
      'background',
      'poster',
      'data',
      'action',
      'formaction',
      'cite',
      'longdesc',
      'lowsrc',
      'dynsrc',
      'ping',
      'usemap',
      'manifest',
      'codebase',
      'archive',
      'classid',
      'icon',
      'profile',
      'itemtype',
      'content',
    ];
    const holding = Object.entries(ALLOWED_ATTRIBUTES).flatMap(([tag, names]) => names.filter((n) => URL_ATTRIBUTES.includes(n)).map((n) => `${tag} ${n}`));
    expect(holding.sort()).toEqual(['a href', 'img src']);
  });
});

describe('what a link is', () => {
  it.each(ROWS)('%j', (raw, [outcome, normalised]) => {
    const d = doc(`<a href="${attr(raw)}">l</a>`, false);
    const href = /<a([^>]*)>/.exec(d)?.[1]?.match(/href="([^"]*)"/)?.[1] ?? null;
    expect(d).toContain('target="_blank" rel="noopener noreferrer"');
    expect(remoteCount(d)).toBe(0); // a link loads nothing until it is followed
    if (outcome === 'remote') expect(href).toBe(normalised);
    if (outcome === 'local') expect(href).toBe(written(raw));
    if (outcome === 'dropped' || outcome === 'embedded') expect(href).toBeNull(); // no data: or cid: link
  });

  it('keeps mailto: and tel:', () => {
    expect(doc('<a href=" MAILTO:ada@analytical.example">m</a><a href="tel:+441234">t</a>', false)).toMatch(/href="mailto:ada@analytical\.example"[^]*href="tel:\+441234"/);
  });
});

describe('spellings of http://evil.example/x', () => {
  const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).concat(' ');
  const junk = fc.array(fc.constantFrom(...C0), { maxLength: 6 }).map((a) => a.join(''));
  const slashes = (minLength: number) => fc.array(fc.constantFrom('/', '\\'), { minLength, maxLength: 5 }).map((a) => a.join(''));
  const scheme = fc
    .tuple(fc.constantFrom('http', 'https'), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }))
    .map(([s, upper]) => [...s].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
  /** tab, CR and LF put anywhere: the URL parser removes them all */
  const breaks = (s: string) =>
    fc
      .array(fc.tuple(fc.nat({ max: s.length }), fc.constantFrom('\t', '\n', '\r')), { maxLength: 4 })
      .map((cuts) => cuts.sort(([a], [b]) => b - a).reduce((t, [at, c]) => t.slice(0, at) + c + t.slice(at), s));
  const spelling = fc
    .tuple(
      junk,
      fc.oneof(
        fc.tuple(scheme, slashes(0)).map(([s, sl]) => `${s}:${sl}${EVIL}/x`), // http:host, http:\\host, https:/\host…
        slashes(2).map((sl) => `${sl}${EVIL}/x`), // //host, \\host, /\host…
      ),
      junk,
    )
    .chain(([before, url, after]) => breaks(url).map((u) => before + u + after));

  it('is never local, always the host evil.example', () => {
    fc.assert(
      fc.property(spelling, (v) => {
        const where = address(v);
        return where !== null && !where.local && where.url.hostname === EVIL && /^https?:$/.test(where.url.protocol);
      }),
      { numRuns: 5000 },
    );
  });

  it('is counted and left out of the document, and loaded from evil.example when asked', () => {
    // every character as a reference, so the HTML parser hands the URL over as generated; but
    // &#0; is U+FFFD to it (and to a browser), which makes a path of the rest: no NUL here
    const ref = (s: string) => [...s].map((c) => `&#${c.codePointAt(0)};`).join('');
    fc.assert(
      fc.property(
        spelling.filter((v) => !v.includes('\u0000')),
        (v) => {
          const html = `<img src="${ref(v)}">`;
          const blocked = doc(html, false);
          expect(remoteCount(blocked)).toBe(1);
          expect(blocked).not.toContain(EVIL);
          expect(doc(html, true)).toMatch(/<img src="https?:\/\/evil\.example\/x" \/>/);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
