import fc from "fast-check";

const TAGS = [
  ..."p div span a b i em strong code pre h1 h2 h3 ul ol li table thead tr td th caption".split(
    " ",
  ),
  ..."blockquote img br hr dl dt dd sup del details summary figure figcaption title base".split(
    " ",
  ),
  ..."script style nav main article header footer aside form svg template".split(" "),
];
const ATTRIBUTES = [
  "",
  " hidden",
  ' aria-hidden="true"',
  ' style="display:none"',
  ' href="/x"',
  ' href="https://e.example/?a=1&b=2"',
  ' href="javascript:x"',
  ' src="i.png" alt="A"',
  ' role="main"',
  ' role="navigation"',
  ' class="language-js"',
  ' colspan="2"',
  ' start="3"',
];
const TEXTS = ["*", "_", "`", "#", "|", "[", "]", "\\", "1. ", "- ", "&amp;", "&lt;", "&#0;"];
const MARKUP = ["<!--", "-->", "<![CDATA[", "<", ">", '"', "\u0000", "\r\n"];

/**
 * HTML as pages hold it and as they break it: open and close tags of the elements Markdown
 * conversion treats differently (kept, dropped, chrome, hidden, void), with the attributes it
 * reads, mixed with arbitrary text, Markdown's special characters and broken markup. For the
 * property tests of HTML preparation and of Markdown converters.
 */
export function htmlFragments(maxPieces = 60): fc.Arbitrary<string> {
  const tag = fc.constantFrom(...TAGS);
  const piece = fc.oneof(
    fc.tuple(tag, fc.constantFrom(...ATTRIBUTES)).map(([t, a]) => `<${t}${a}>`),
    tag.map((t) => `</${t}>`),
    fc.string({ maxLength: 20 }),
    fc.constantFrom(...TEXTS, ...MARKUP),
  );
  return fc.array(piece, { maxLength: maxPieces }).map((pieces) => pieces.join(""));
}
