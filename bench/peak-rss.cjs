// Preloaded (`node --require`) into the process a bench measures: on exit, writes its peak
// resident set size in bytes (every thread's: getrusage's ru_maxrss) to CRAWLGATE_BENCH_PEAK_RSS.
const { writeFileSync } = require("node:fs");

const file = process.env.CRAWLGATE_BENCH_PEAK_RSS;
if (file)
  process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
