import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlFragments } from "../testing/html-arbitraries.js";
import { MAX_DEPTH, prepareHtml } from "./prepare.js";

const URL_ = "https://site.example/blog/post?id=1";

describe("preparing a page's HTML for Markdown", () => {
  it("keeps the title and the text structure, drops code, chrome, forms and hidden elements", () => {
    const { title, html } = prepareHtml(
      `<html><head><title> A  post </title><script>var s = "<p>x</p>";</script><style>p{}</style></head>
      <body><header><p>site header</p></header><nav><a href="/">home</a></nav>
      <div class="x" id="y" onclick="evil()"><h1>Post</h1><p>Body <b>bold</b></p>
      <div hidden>h1</div><p aria-hidden="true">h2</p><p style="color:red; display : none">h3</p>
      <span style="visibility:hidden">h4</span><form><p>in a form</p></form><aside>aside</aside>
      <template><p>tpl</p></template><svg><title>icon</title></svg></div>
      <footer>site footer</footer></body></html>`,
      URL_,
    );
    expect(title).toBe("A post");
    expect(html).toContain("<h1>Post</h1><p>Body <b>bold</b></p>");
    expect(html).not.toMatch(
      /site header|home|h1<|h2|h3|h4|in a form|aside|tpl|icon|site footer|var s|p\{\}/,
    );
    expect(html).not.toMatch(/class=|id=|onclick/);
  });

  it("keeps an article's own header and footer, and only the main content when there is one", () => {
    const { html } = prepareHtml(
      `<body><p>teaser outside</p><main><article><header><h1>T</h1></header><p>text</p>
      <footer>by me</footer></article></main></body>`,
      URL_,
    );
    expect(html).toContain("<h1>T</h1>");
    expect(html).toContain("by me");
    expect(html).not.toContain("teaser outside");
    expect(prepareHtml('<body><div role="main"><p>in</p></div><p>out</p></body>', URL_).html).toBe(
      "<div><p>in</p></div>",
    );
    // A main with no text (an app shell's mount point) does not hide the rest.
    expect(prepareHtml("<body><main> </main><p>elsewhere</p></body>", URL_).html).toContain(
      "elsewhere",
    );
  });

  it("makes links and images absolute against the page or its <base>", () => {
    const { html } = prepareHtml(
      `<a href="../a?b=1#c">a</a><a href="//cdn.example/x">b</a><a href="javascript:alert(1)">c</a>
      <img src="i.png" alt="i"><img src="data:image/png;base64,AAAA" alt="d"><img alt="none">
      <a href="mailto:x@y.example">m</a><a href="http://[bad">bad</a>
      <a href="java&#10;script:alert(1)">e</a><a href="ftp://f.example/">f</a>`,
      URL_,
    );
    expect(html).toContain('<a href="https://site.example/a?b=1#c">a</a>');
    expect(html).toContain('<a href="https://cdn.example/x">b</a>');
    expect(html).toContain("<a>c</a>");
    expect(html).toContain('<img src="https://site.example/blog/i.png" alt="i">');
    expect(html).not.toContain("data:");
    expect(html).not.toContain("none");
    expect(html).toContain('<a href="mailto:x@y.example">m</a>');
    expect(html).toContain("<a>bad</a>");
    expect(html).toContain("<a>e</a>");
    expect(html).toContain("<a>f</a>");
    expect(html).not.toContain("script:");
    const based = prepareHtml('<head><base href="/docs/v2/"></head><a href="intro">i</a>', URL_);
    expect(based.html).toContain('href="https://site.example/docs/v2/intro"');
  });

  it("writes a pre's text inside code, so whitespace survives as a code block", () => {
    const url = URL_;
    expect(prepareHtml("<pre>a\n  b</pre>", url).html).toBe("<pre><code>a\n  b</code></pre>");
    expect(prepareHtml("<pre><b>x</b> y</pre>", url).html).toBe(
      "<pre><code><b>x</b> y</code></pre>",
    );
    expect(prepareHtml('<pre>\n<code class="language-js">x</code></pre>', url).html).toBe(
      '<pre>\n<code class="language-js">x</code></pre>',
    );
  });

  it("escapes text and attributes again", () => {
    const { html } = prepareHtml(
      '<p>a &lt;b&gt; &amp; c</p><a href="/x?a=1&amp;b=&quot;2&quot;">q</a>',
      URL_,
    );
    expect(html).toContain("<p>a &lt;b&gt; &amp; c</p>");
    expect(html).toContain('href="https://site.example/x?a=1&amp;b=%222%22"');
  });

  it("gives only the content of elements nested deeper than MAX_DEPTH", () => {
    const depth = MAX_DEPTH + 50;
    const { html } = prepareHtml(`${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}`, URL_);
    expect(html.match(/<div>/g)?.length).toBe(MAX_DEPTH);
    expect(html).toContain("deep");
  });

  it("never throws, never lets a script or style through, and balances what it writes", () => {
    // A tag cut off by the end of the input is closed by the parser without being opened.
    expect(prepareHtml("<p>a<A! ", URL_).html).toBe("<p>a</p>");
    fc.assert(
      fc.property(htmlFragments(40), (source) => {
        const { html } = prepareHtml(source, URL_);
        expect(html).not.toMatch(/<(script|style|nav|form|svg)\b/);
        const open = (html.match(/<(?!\/|br|img|hr)[a-z0-9]+/g) ?? []).length;
        const close = (html.match(/<\/[a-z0-9]+>/g) ?? []).length;
        expect(close).toBe(open);
      }),
      { numRuns: 1500 },
    );
  });
});
