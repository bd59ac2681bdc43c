import { readdirSync, readFileSync } from "node:fs";

const CORPUS_DIR = new URL("../corpus/", import.meta.url);

/**
 * The fixture corpus (`corpus/*.html`): pages shaped like the web's, each with what its
 * Markdown must hold, written by hand from the page (not from a converter's output).
 */
export interface PageExpectation {
  file: string;
  /** The page's URL: its links and images are made absolute against it. */
  url: string;
  /** The `<title>` text, found in the front matter. */
  title: string;
  /** Every heading of the main content as a Markdown heading line (a prefix of it), in order. */
  headings: string[];
  /**
   * Every paragraph, list item, cell or caption text of the main content as Markdown (links
   * absolute, emphasis marked), each found in the output with whitespace folded.
   */
  texts: string[];
  /** Text of what must be dropped (scripts, styles, navigation, chrome, hidden, forms). */
  dropped: string[];
}

const DROPPED_EVERYWHERE = ["SCRIPT", "NAV-", "FOOTER-", "FORM-", "STYLE", "HIDDEN", "NOSCRIPT"];

export const CORPUS: readonly PageExpectation[] = [
  {
    file: "article-news.html",
    url: "https://courier.example.com/news/2026/11/bike-lanes",
    title: "City council approves new bike lanes | The Riverside Courier",
    headings: ["# City council approves new bike lanes", "## What happens next"],
    texts: [
      "Local politics",
      "By [Jane Doe](https://courier.example.com/authors/jane-doe) · November 24, 2026",
      "![A painted bike lane on Main Street](https://courier.example.com/images/2026/11/bike-lane.jpg)",
      "The first lane opens on Main Street in March.",
      "The city council voted 7-2 on Tuesday to build twelve miles of protected bike lanes over the next three years.",
      "Supporters said the plan would make the [downtown core](https://courier.example.com/topics/downtown) safer for everyone.",
      "Construction starts in March, beginning with Main Street and River Road.",
      "> “This is the most important safety vote we have taken in a decade,” said council member Ana Ruiz.",
    ],
    dropped: [
      "COOKIE-BANNER",
      "SHARE-",
      "RELATED-",
      "SIDEBAR-",
      "JSONLD-",
      "gtag",
      "Riverside Courier](",
    ],
  },
  {
    file: "article-blog-post.html",
    url: "https://eng.example.io/2026/10/queue-postgres/",
    title: "Why we moved our queue to Postgres – Eng Blog",
    headings: [
      "# Why we moved our queue to Postgres",
      "## The problem",
      "## The migration",
      "```sql",
      "### Results",
    ],
    texts: [
      "Posted on 3 October 2026 by Sam",
      "For four years our jobs ran on a dedicated message broker. Last quarter we moved them into `SELECT ... FOR UPDATE SKIP LOCKED`.",
      "Every deploy needed two systems to agree, and _exactly-once_ delivery was a myth we kept paying for.",
      "- Two sources of truth",
      "- Retries that duplicated work",
      "- A broker nobody on call understood",
      "We ran both queues side by side for two weeks. See the [SELECT documentation](https://www.postgresql.org/docs/current/sql-select.html) for the locking clauses.",
      "UPDATE jobs SET locked_at = now()\nWHERE id = (SELECT id FROM jobs WHERE locked_at IS NULL\n ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)\nRETURNING *;",
      "Median latency fell from 40 ms to 6 ms.",
    ],
    dropped: ["console.log", "system-ui"],
  },
  {
    file: "article-longform.html",
    url: "https://walks.example.org/guides/long-road",
    title: "The long road to the sea: a walking guide",
    headings: [
      "# The long road to the sea",
      "## Day one: Hillfoot to Kirkton",
      "### Where to stay",
      "## Day two: Kirkton to the reservoir",
      "### Water",
      "## Day three: over the moor",
      "## Day four: down to the sea",
    ],
    texts: [
      "A four-day walk from the hills to the coast, with places to sleep and eat.",
      "The path leaves the village past the church and climbs steadily for an hour.",
      "![The path above Hillfoot](https://walks.example.org/guides/photos/day1.jpg)",
      "Looking back at Hillfoot.",
      "The Kirkton Arms has six rooms; book ahead in summer.",
      "An easy day along the old railway line, mostly flat and sheltered.",
      "There is no water between Kirkton and the dam, so carry two litres.",
      "The hardest day: fourteen miles with no shelter. Check the forecast",
      "(https://walks.example.org/guides/long-road#fn1)",
      "The last miles follow the river to the harbour, where the walk ends at the lifeboat station.",
      "Mountain forecasts are published daily at 4 pm.",
    ],
    dropped: ["SEARCH-TEXT", "TOC-"],
  },
  {
    file: "product-page.html",
    url: "https://summit.example/p/trailhead-2",
    title: "Trailhead 2 Ultralight Tent – Summit Outfitters",
    headings: [
      "# Trailhead 2 Ultralight Tent",
      "## Specifications",
      "## Reviews",
      "### Light and dry",
      "### Small for two",
    ],
    texts: [
      "![Trailhead 2 tent pitched on grass](https://cdn.summit.example/p/trailhead2-main.jpg)",
      "![Inside the Trailhead 2](https://summit.example/p/trailhead2-inside.jpg)",
      "$329.00",
      "A two-person, three-season tent that weighs 1.1 kg packed.",
      "| Packed weight | 1.1 kg |",
      "| Floor area | 2.6 m² |",
      "| Poles | Aluminium DAC |",
      "Survived a storm on the ridge with no leaks. — Priya",
      "Fine for one person and gear; tight for two adults.",
    ],
    dropped: ["BREADCRUMB-", "MODAL-", "pixel.js", "JSONLD"],
  },
  {
    file: "product-listing.html",
    url: "https://summit.example/tents",
    title: "Tents | Summit Outfitters",
    headings: ["# Tents"],
    texts: [
      "Backpacking and family tents, tested in the field by our staff.",
      "Trailhead 2",
      "(https://summit.example/p/trailhead-2)",
      "https://summit.example/p/trailhead2-thumb.jpg",
      "Two-person ultralight, $329",
      "Basecamp 6",
      "Six-person family tent, $549",
      "Bivy 1",
      "Solo bivy for alpine starts, $199",
    ],
    dropped: ["FILTER-", "PAGINATION-"],
  },
  {
    file: "product-variant.html",
    url: "https://store.example/jackets/alpine-down",
    title: "Alpine Down Jacket",
    headings: ["# Alpine Down Jacket", "## Description", "## Care"],
    texts: [
      "800-fill responsibly sourced down in a windproof shell.",
      "Built for cold, dry days above the tree line.",
      "Machine wash cold with a down-specific soap; tumble dry low with clean tennis balls.",
      "Price: **$279** ~~$349~~",
    ],
    dropped: ["ARIA-HIDDEN-", "VISIBILITY-HIDDEN-"],
  },
  {
    file: "docs-page.html",
    url: "https://fluxon.example.dev/docs/config",
    title: "Configuration | Fluxon Docs",
    headings: ["# Configuration", "## Options", "### outDir", "```ts", "### minify"],
    texts: [
      "Fluxon reads `fluxon.config.ts` from the project root.",
      "Where builds are written. Defaults to `dist`.",
      'export default {\n outDir: "build",\n minify: true,\n};',
      "Warning",
      "Changing `outDir` clears the folder on every build.",
      "Whether to minify output. See [Performance](https://fluxon.example.dev/docs/performance#minify) for the trade-offs.",
    ],
    dropped: ["BANNER-", "BUTTON-", "SIDEBAR-", "PAGER-", "TOC-", "search-index"],
  },
  {
    file: "docs-api-reference.html",
    url: "https://sdk.example.com/reference/create-client",
    title: "createClient() – API reference",
    headings: ["# createClient()", "## Signature", "## Parameters", "## Returns", "## Errors"],
    texts: [
      "Creates a client bound to one project.",
      "function createClient(url: string, options?: ClientOptions): Client",
      "| Name | Type | Default | Description |",
      // Inline code in a cell: with or without its backticks, as the converter writes tables.
      "| string | — | The project URL. |",
      "| number | 10000 | Milliseconds before a request is aborted. |",
      "| number | 2 | Retries of idempotent requests. |",
      "A [Client](https://sdk.example.com/reference/client) with `query` and `close` methods.",
      "- `InvalidUrl` when `url` is not absolute.",
      "- `Timeout` when the first request takes longer than `timeout`.",
    ],
    dropped: [],
  },
  {
    file: "docs-tutorial.html",
    url: "https://learn.example.dev/tutorials/deploy-first-app",
    title: "Deploy your first app",
    headings: ["# Deploy your first app", "## Steps", "## Check it works", "## Next"],
    texts: [
      "This tutorial takes about fifteen minutes. You need the [CLI installed](https://learn.example.dev/tutorials/cli/install).",
      "1. Create a project: `app init hello`.",
      "2. Build it with `app build`.",
      "3. Deploy with `app deploy --prod`.",
      "Open the URL the deploy printed. You should see",
      "Hello, world",
      "![The hello page in a browser](https://learn.example.dev/tutorials/img/success.png)",
      "Continue with [custom domains](https://learn.example.dev/guides/domains).",
    ],
    dropped: [],
  },
  {
    file: "blog-index.html",
    url: "https://northwind.example/blog",
    title: "Blog – Northwind Coffee",
    headings: [
      "# From the roastery",
      "## [Washed or natural?](https://northwind.example/blog/2026/11/washed-vs-natural)",
      "## [Choosing a grinder](https://northwind.example/blog/2026/10/grinder-guide)",
      "## [Harvest report: Huila](https://northwind.example/blog/2026/10/harvest-report)",
    ],
    texts: [
      "Notes on sourcing, roasting and brewing.",
      "November 12, 2026",
      "How processing changes what ends up in your cup.",
      "October 30, 2026",
      "Burr shape matters less than you think; consistency matters more.",
      "October 2, 2026",
      "A wet season, a late harvest and our best lot in years.",
    ],
    dropped: ["PAGER-", "logo.png"],
  },
  {
    file: "tables-and-code.html",
    url: "https://bench.example.net/json-parsing",
    title: "Benchmarks: parsing JSON in five languages",
    headings: [
      "# Benchmarks: parsing JSON in five languages",
      "## Results",
      "## The harness",
      "```python",
      "## Caveats",
    ],
    texts: [
      "All numbers are medians of 30 runs on the same machine.",
      "Throughput in MB/s (higher is better)",
      "| Language | Library | Small | Large |",
      "| Rust | serde\\_json | 610 | 540 |",
      "| Go | encoding/json | 120 | 95 |",
      "| C++ | simdjson | 2400 | 2900 |",
      "| Python | orjson | 480 | 410 |",
      "| JavaScript | JSON.parse | 350 | 300 |",
      "Each run parses the file ten times and keeps the fastest:",
      "def best_of(n, f):\n times = [timeit(f) for _ in range(n)]\n return min(times) # fastest < slowest && stable",
      "Generic code escapes like `Vec<T>` and `a && b` must survive.",
      "plain preformatted text\n keeps its indentation",
      "Small files are dominated by start-up cost; treat those columns with care.",
    ],
    dropped: ["&lt;", "&amp;"],
  },
  {
    file: "landing-page.html",
    url: "https://ledgerly.example/",
    title: "Ledgerly – invoicing for freelancers",
    headings: [
      "# Invoices that get paid",
      "## Everything a freelancer needs",
      "### Recurring invoices",
      "### Multi-currency",
      "### Tax reports",
      "## Loved by 20,000 freelancers",
    ],
    texts: [
      "Send an invoice in a minute. Get reminded before it is late, not after.",
      "[Start free](https://ledgerly.example/signup)",
      "Bill retainers automatically on the first of the month.",
      "Invoice in 40 currencies and see totals in yours.",
      "Quarterly summaries your accountant can import.",
      "> I stopped chasing payments the week I switched.",
      "Maya, illustrator",
    ],
    dropped: ["CHAT-", "plausible", "hero.jpg"],
  },
  {
    file: "recipe.html",
    url: "https://kitchen.example/recipes/weeknight-dal",
    title: "Weeknight dal – Simple Kitchen",
    headings: ["# Weeknight dal", "## Ingredients", "## Method", "## Notes"],
    texts: [
      "Red lentils cook in twenty minutes, so this is on the table in half an hour.",
      "![A bowl of yellow dal with rice](https://kitchen.example/img/dal.jpg)",
      "- 200 g red lentils, rinsed",
      "- 1 onion, finely chopped",
      "- 2 tsp cumin seeds",
      "- 400 ml coconut milk",
      "1. Fry the cumin seeds in oil until they crackle.",
      "2. Add the onion and cook until soft, about eight minutes.",
      "3. Add the lentils, coconut milk and 300 ml water; simmer for twenty minutes.",
      "It keeps for three days in the fridge and freezes well.",
    ],
    dropped: ["BUTTON-", "JSONLD-"],
  },
  {
    file: "faq.html",
    url: "https://shop.example/help/shipping",
    title: "Help centre: shipping and returns",
    headings: ["# Shipping and returns", "## Glossary"],
    texts: [
      "Answers to the questions we are asked most.",
      "How long does delivery take?",
      "Two to four working days within the EU.",
      "Can I return a sale item?",
      "Yes, within 14 days, unworn and with tags.",
      "Working day",
      "Monday to Friday, excluding public holidays.",
      "Return label",
      "A prepaid label we email you when you start a return.",
      "Still stuck? [Email us](mailto:help@shop.example).",
    ],
    dropped: [],
  },
  {
    file: "forum-thread.html",
    url: "https://breadforum.example/t/starter-acetone/4412",
    title: "Sourdough starter smells like acetone? - Bread Forum",
    headings: ["# Sourdough starter smells like acetone?"],
    texts: [
      "crumbshot",
      "My starter is two weeks old and suddenly smells like nail polish remover. Is it dead?",
      "levain\\_lucy",
      "Not dead, just hungry. Feed it twice a day at a 1:5:5 ratio for a few days.",
      "> Is it dead?",
      "The acetone smell goes away once it is fed regularly.",
    ],
    dropped: [],
  },
  {
    file: "wiki-page.html",
    url: "https://geowiki.example/w/Basalt",
    title: "Basalt - Geowiki",
    headings: ["# Basalt", "## Formation", "## Uses", "## References"],
    texts: [
      "| Type | Igneous |",
      "| Texture | Aphanitic |",
      // The link's URL is checked up to its `_`, which a converter may write `%5F` (the same URL).
      "**Basalt** is a fine-grained [volcanic rock](https://geowiki.example/w/Volcanic",
      "rock) formed from the rapid cooling of low-viscosity lava.",
      "More than 90% of all volcanic rock on Earth is basalt.",
      "Crushed basalt is used as aggregate in construction.",
      "1. Smith, J. (2019). _Volcanic Rocks_. Stone Press.",
    ],
    dropped: [],
  },
  {
    file: "changelog.html",
    url: "https://fluxon.example.dev/changelog",
    title: "Changelog – Fluxon",
    headings: [
      "# Changelog",
      "## 3.1.0 – 2026-11-02",
      "### Added",
      "### Fixed",
      "## 3.0.0 – 2026-09-15",
      "### Breaking",
    ],
    texts: [
      "All notable changes to this project are documented here.",
      "- A `--watch` flag for `fluxon build`.",
      "- Plugin hooks for asset hashing.",
      "- Source maps pointed at the wrong line after minification ([#812](https://github.com/fluxon/fluxon/issues/812)).",
      "- Node 18 is no longer supported.",
      "- The `outdir` option is now `outDir`.",
    ],
    dropped: [],
  },
  {
    file: "search-results.html",
    url: "https://library.example/search?q=solar+panels",
    title: 'Search: "solar panels" – City Library',
    headings: ["# Results for “solar panels”"],
    texts: [
      // Headings inside the results' list items (`1. ## …` or on a line of their own).
      "## [The Solar Home Handbook](https://library.example/catalog/8812)",
      "## [Photovoltaics for Beginners](https://library.example/catalog/9120)",
      "## [Community Energy Projects](https://library.example/catalog/7001)",
      "Showing 3 of 41 results.",
      "Book · 2024 · Available at Central",
      "E-book · 2025 · Borrow online",
      "Book · 2022 · On loan, due Dec 3",
    ],
    dropped: ["PAGER-"],
  },
  {
    file: "legal-terms.html",
    url: "https://service.example/legal/terms",
    title: "Terms of Service",
    headings: [
      "# Terms of Service",
      "## 1\\. Acceptance",
      "## 2\\. Accounts",
      "## 3\\. Payment",
      "## 4\\. Termination",
      "## 5\\. Contact",
    ],
    texts: [
      "Last updated: 1 November 2026.",
      "By using the service you agree to these terms. If you do not agree, do not use the service.",
      "2.1 You must be at least 16 years old to create an account.",
      "2.2 You are responsible for keeping your password secret.",
      "Fees are billed monthly in advance and are not refundable except where the law requires.",
      "We may suspend an account that breaks these terms after giving notice by email.",
      "Write to [legal@service.example](mailto:legal@service.example).",
    ],
    dropped: [],
  },
  {
    file: "event-page.html",
    url: "https://events.example/jsconf-harbour-2027",
    title: "JSConf Harbour 2027 – Tickets and schedule",
    headings: ["# JSConf Harbour 2027", "## Schedule", "## Venue", "## Tickets"],
    texts: [
      "14–15 May 2027 at the Harbour Exhibition Centre.",
      "| Time | Talk |",
      "| 09:30 | Keynote: the next ten years of the web |",
      "| 11:00 | Streams all the way down |",
      "| 14:00 | Type-safe SQL without an ORM |",
      "Harbour Exhibition Centre, 1 Quay Street",
      "Early-bird tickets are €249 until 31 January.",
    ],
    dropped: ["IFRAME-", "maps.example.com"],
  },
  {
    file: "portfolio-gallery.html",
    url: "https://lenapark.example/work/northern-coasts",
    title: "Lena Park – Photography",
    headings: ["# Northern coasts"],
    texts: [
      "A series made over three winters in Norway and Iceland.",
      "![Black sand beach under snow](https://lenapark.example/work/coasts/01.jpg)",
      "Reynisfjara, January.",
      "![Fishing huts at dusk](https://lenapark.example/work/coasts/02.jpg)",
      "Lofoten, February.",
      "Prints are available in editions of ten. [See prints](https://lenapark.example/prints).",
    ],
    dropped: ["DATA-IMAGE-", "base64"],
  },
  {
    file: "spa-rendered.html",
    url: "https://metricly.example/pricing",
    title: "Dashboard pricing – Metricly",
    headings: ["# Simple pricing", "## Starter", "## Team", "## Enterprise"],
    texts: [
      "Every plan includes unlimited dashboards and users.",
      "$0 per month for up to 1 million events.",
      "$49 per month for up to 20 million events.",
      "Custom pricing, single sign-on and an SLA.",
    ],
    dropped: ["DIALOG-", "PORTAL-", "display:flex", "modulepreload"],
  },
];

const fold = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * What of `expectation` the Markdown misses: headings not found in order (as line prefixes),
 * texts not found (whitespace folded), dropped text present, the title not in the front matter.
 */
export function missingFrom(markdown: string, expectation: PageExpectation): string[] {
  const missing: string[] = [];
  if (!markdown.startsWith(`---\ntitle: ${JSON.stringify(expectation.title)}\n---\n`))
    missing.push(`title: ${expectation.title}`);
  const lines = markdown.split("\n").map((line) => line.trim());
  let at = 0;
  for (const heading of expectation.headings) {
    const found = lines.findIndex((line, i) => i >= at && line.startsWith(heading));
    if (found < 0) missing.push(`heading: ${heading}`);
    else at = found + 1;
  }
  const folded = fold(markdown);
  for (const text of expectation.texts)
    if (!folded.includes(fold(text))) missing.push(`text: ${text}`);
  for (const dropped of [...DROPPED_EVERYWHERE, ...expectation.dropped])
    if (markdown.includes(dropped)) missing.push(`dropped: ${dropped}`);
  return missing;
}

/** The HTML of a corpus page. */
export function corpusHtml(file: string): string {
  return readFileSync(new URL(file, CORPUS_DIR), "utf8");
}

/** How many checks `missingFrom` makes for `expectation`. */
export function checksOf(expectation: PageExpectation): number {
  return (
    1 +
    expectation.headings.length +
    expectation.texts.length +
    DROPPED_EVERYWHERE.length +
    expectation.dropped.length
  );
}

/** Size of the page conversions are timed on (`hundredKbPage`). */
export const PAGE_BYTES = 100 * 1024;

/**
 * A 100 KB page built from the corpus, for timing: a head with inline style and script, a
 * header and navigation of 120 links, then the bodies of the corpus pages one after another
 * inside `<main>` until the document reaches 100 KB, then a footer.
 */
export function hundredKbPage(): string {
  const bodies = readdirSync(CORPUS_DIR)
    .filter((file) => file.endsWith(".html"))
    .sort()
    .map((file) => {
      const html = readFileSync(new URL(file, CORPUS_DIR), "utf8");
      const start = html.indexOf(">", html.indexOf("<body")) + 1;
      return html.slice(start, html.lastIndexOf("</body>"));
    });
  const links = Array.from(
    { length: 120 },
    (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`,
  );
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long page</title>
<style>${".rule { color: #333; margin: 0 auto; }\n".repeat(150)}</style>
<script>${"window.analytics = window.analytics || []; analytics.push(['event', 'view']);\n".repeat(100)}</script>
</head><body><header><a href="/">Site</a><nav><ul>${links.join("")}</ul></nav></header><main>`;
  const tail = "</main><footer><p>Footer text</p></footer></body></html>";
  let page = head;
  for (let i = 0; page.length + tail.length < PAGE_BYTES; i++) page += bodies[i % bodies.length];
  return page + tail;
}
