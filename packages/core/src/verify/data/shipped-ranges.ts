// The shipped range files are data (JSON, one per operator file, listed in ranges/manifest.json);
// this module only imports them, so the runtime-neutral core bundles them without any file I/O.
// A test checks that every manifest entry is imported here and nothing else is.
import ahrefsCrawlerIpRanges from "./ranges/ahrefs-crawler-ip-ranges.json";
import amazonAmazonbot from "./ranges/amazon-amazonbot.json";
import amazonAmznSearchbot from "./ranges/amazon-amzn-searchbot.json";
import amazonAmznUser from "./ranges/amazon-amzn-user.json";
import anthropicBots from "./ranges/anthropic-bots.json";
import appleApplebot from "./ranges/apple-applebot.json";
import bingBingbot from "./ranges/bing-bingbot.json";
import commoncrawlCcbot from "./ranges/commoncrawl-ccbot.json";
import duckduckgoDuckassistbot from "./ranges/duckduckgo-duckassistbot.json";
import duckduckgoDuckduckbot from "./ranges/duckduckgo-duckduckbot.json";
import googleCommonCrawlers from "./ranges/google-common-crawlers.json";
import googleSpecialCrawlers from "./ranges/google-special-crawlers.json";
import googleUserTriggeredAgents from "./ranges/google-user-triggered-agents.json";
import googleUserTriggeredFetchersGoogle from "./ranges/google-user-triggered-fetchers-google.json";
import manifest from "./ranges/manifest.json";
import mistralMistralaiIndex from "./ranges/mistral-mistralai-index.json";
import mistralMistralaiUser from "./ranges/mistral-mistralai-user.json";
import openaiAdsbot from "./ranges/openai-adsbot.json";
import openaiChatgptUser from "./ranges/openai-chatgpt-user.json";
import openaiGptbot from "./ranges/openai-gptbot.json";
import openaiSearchbot from "./ranges/openai-searchbot.json";
import perplexityPerplexityUser from "./ranges/perplexity-perplexity-user.json";
import perplexityPerplexitybot from "./ranges/perplexity-perplexitybot.json";
import qwantQwantbot from "./ranges/qwant-qwantbot.json";

/** The manifest (source URL, mirror, date of each file) and each file by its name. */
export const shippedManifest: unknown = manifest;
export const shippedFiles: Readonly<Record<string, unknown>> = {
  "ahrefs-crawler-ip-ranges.json": ahrefsCrawlerIpRanges,
  "amazon-amazonbot.json": amazonAmazonbot,
  "amazon-amzn-searchbot.json": amazonAmznSearchbot,
  "amazon-amzn-user.json": amazonAmznUser,
  "anthropic-bots.json": anthropicBots,
  "apple-applebot.json": appleApplebot,
  "bing-bingbot.json": bingBingbot,
  "commoncrawl-ccbot.json": commoncrawlCcbot,
  "duckduckgo-duckassistbot.json": duckduckgoDuckassistbot,
  "duckduckgo-duckduckbot.json": duckduckgoDuckduckbot,
  "google-common-crawlers.json": googleCommonCrawlers,
  "google-special-crawlers.json": googleSpecialCrawlers,
  "google-user-triggered-agents.json": googleUserTriggeredAgents,
  "google-user-triggered-fetchers-google.json": googleUserTriggeredFetchersGoogle,
  "mistral-mistralai-index.json": mistralMistralaiIndex,
  "mistral-mistralai-user.json": mistralMistralaiUser,
  "openai-adsbot.json": openaiAdsbot,
  "openai-chatgpt-user.json": openaiChatgptUser,
  "openai-gptbot.json": openaiGptbot,
  "openai-searchbot.json": openaiSearchbot,
  "perplexity-perplexity-user.json": perplexityPerplexityUser,
  "perplexity-perplexitybot.json": perplexityPerplexitybot,
  "qwant-qwantbot.json": qwantQwantbot,
};
