import { describe, expect, it } from "vitest";
import { type MarkdownStyle, writeMarkdown } from "./markdown-writer.js";

const STYLE: MarkdownStyle = {
  bulletMarker: "-",
  emDelimiter: "_",
  strongDelimiter: "**",
  codeFence: "```",
};
const md = (html: string) => writeMarkdown(html, STYLE);

describe("writeMarkdown", () => {
  it("writes headings, paragraphs, hard breaks and rules", () => {
    expect(md("<h1>Title</h1><p>One\n  two</p><p>a<br>b</p><hr><h3>Three</h3>")).toBe(
      "# Title\n\nOne two\n\na\\\nb\n\n---\n\n### Three",
    );
  });

  it("keeps emphasis tight around its text, and links, images and inline code inline", () => {
    expect(
      md(
        '<p>An <em> easy </em>and <strong>bold</strong> <del>old</del> <a href="https://x.example/a(b)" title="T">link</a> ' +
          '<img src="https://x.example/i.png" alt="A [b]"> <code>x`y</code></p>',
      ),
    ).toBe(
      'An _easy_ and **bold** ~~old~~ [link](https://x.example/a%28b%29 "T") ![A \\[b\\]](https://x.example/i.png) ``x`y``',
    );
  });

  it("writes nested lists tight, ordered ones from their start", () => {
    expect(
      md('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul><ol start="3"><li>x</li><li>y</li></ol>'),
    ).toBe("- a\n  - b\n- c\n\n3. x\n4. y");
    // Numbered from 2, it could not interrupt the item's text: a blank line before it.
    expect(md('<ul><li>a<ol start="2"><li>b</li><li>c</li></ol></li></ul>')).toBe(
      "- a\n\n  2. b\n  3. c",
    );
  });

  it("quotes every line of a quote, blank ones too, and ends it with a blank line", () => {
    expect(md("<blockquote><p>a</p><p>b</p><ul><li>c</li></ul></blockquote><p>after</p>")).toBe(
      "> a\n>\n> b\n>\n> - c\n\nafter",
    );
  });

  it("fences code with its language, longer than any fence inside it", () => {
    expect(md('<pre><code class="language-ts">let a = 1;\n```\n</code></pre>')).toBe(
      "````ts\nlet a = 1;\n```\n````",
    );
    expect(md("<ul><li>run:<pre>npm i\nnpm t</pre></li></ul>")).toBe(
      "- run:\n  ```\n  npm i\n  npm t\n  ```",
    );
  });

  it("writes a GitHub table: the caption before it, the first row the header, rows padded", () => {
    expect(
      md(
        "<table><caption>Cap</caption><tr><th>A</th><th>B</th></tr>" +
          '<tr><td colspan="2">x|y</td></tr><tr><td><p>one</p><p>two</p></td></tr></table>',
      ),
    ).toBe("Cap\n\n| A | B |\n| --- | --- |\n| x\\|y |  |\n| one two |  |");
  });

  it("splits a link around the blocks inside it", () => {
    expect(
      md(
        '<a href="https://x.example/p"><img src="https://x.example/t.jpg" alt="T"><h2>Name</h2></a>',
      ),
    ).toBe(
      "[![T](https://x.example/t.jpg)](https://x.example/p)\n\n## [Name](https://x.example/p)",
    );
  });

  it("escapes what would be read as Markdown", () => {
    expect(md("<p>*a* _b_ [c] `d` &lt;e&gt; &amp;amp; ~~f~~</p>")).toBe(
      "\\*a\\* \\_b\\_ \\[c\\] \\`d\\` \\<e> \\&amp; \\~\\~f\\~\\~",
    );
    expect(md("<p>1. one</p><p>- two</p><p># three</p><p>&gt; four</p><h2>5. five #</h2>")).toBe(
      "1\\. one\n\n\\- two\n\n\\# three\n\n\\> four\n\n## 5\\. five \\#",
    );
  });

  it("writes another style when asked", () => {
    const style: MarkdownStyle = {
      bulletMarker: "*",
      emDelimiter: "*",
      strongDelimiter: "__",
      codeFence: "~~~",
    };
    expect(writeMarkdown("<ul><li><em>a</em> <b>b</b></li></ul><pre>c</pre>", style)).toBe(
      "* *a* __b__\n\n~~~\nc\n~~~",
    );
  });
});
