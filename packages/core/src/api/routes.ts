import type { z } from "zod";
import type { ErrorCode } from "../errors.js";
import type { Operation, OperationContext, OperationResult } from "./context.js";
import type { EndpointContract } from "./contract.js";
import * as createRoutingRule from "./operations/create-routing-rule.js";
import * as deleteRoutingRule from "./operations/delete-routing-rule.js";
import * as exportAiReferrals from "./operations/export-ai-referrals.js";
import * as exportCrawlAnalytics from "./operations/export-crawl-analytics.js";
import * as exportCrawlLogs from "./operations/export-crawl-logs/index.js";
import * as exportCrawlToRefer from "./operations/export-crawl-to-refer.js";
import * as exportCrawlerCharges from "./operations/export-crawler-charges.js";
import * as exportPageAnalytics from "./operations/export-page-analytics/index.js";
import * as exportPageSnapshots from "./operations/export-page-snapshots/index.js";
import * as exportRobotsCompliance from "./operations/export-robots-compliance.js";
import * as exportUserAnalytics from "./operations/export-user-analytics.js";
import * as getBotDefinitions from "./operations/get-bot-definitions.js";
import * as getCacheStatus from "./operations/get-cache-status.js";
import * as getCrawlerPolicy from "./operations/get-crawler-policy.js";
import * as getDomainSettings from "./operations/get-domain-settings.js";
import * as getRobotsTxt from "./operations/get-robots-txt.js";
import * as getRoutingRule from "./operations/get-routing-rule.js";
import * as getSnapshot from "./operations/get-snapshot.js";
import * as listRoutingRules from "./operations/list-routing-rules.js";
import * as listUserDomains from "./operations/list-user-domains.js";
import * as purgeCache from "./operations/purge-cache.js";
import * as replaceCrawlerPolicy from "./operations/replace-crawler-policy.js";
import * as updateDomainSettings from "./operations/update-domain-settings.js";
import * as updateRoutingRule from "./operations/update-routing-rule.js";
import * as verifyDomain from "./operations/verify-domain.js";
import * as warmCache from "./operations/warm-cache.js";

export type { EndpointContract, HeaderContract } from "./contract.js";

/**
 * What an operation module exports: the schema of its body (`input`), of its success body
 * (`output`), the rest of its contract, and the operation itself, typed by both schemas.
 */
export interface Endpoint<I, O> {
  input: z.ZodType<I>;
  output: z.ZodType<O>;
  contract: EndpointContract;
  run: Operation<I, O>;
}

export interface RouteDef<I = unknown> {
  /** Operation name, as in logs. */
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path below the prefix; `{name}` segments are ID parameters. */
  path: string;
  /**
   * The body's schema, parsed once by the pipeline: a strict object (unknown field names are
   * refused; get-snapshot alone ignores them), `NO_FIELDS` for routes without a body.
   */
  input: z.ZodType<I>;
  /** The success body's schema (strict objects: the contract tests check every answer). */
  output: z.ZodType;
  contract: EndpointContract;
  /** The operation (a method, so that routes of different inputs share one `RouteDef[]`). */
  run(ctx: OperationContext<I>): Promise<OperationResult>;
  /** Whether the request carries a JSON body (POST/PUT/PATCH). */
  hasBody: boolean;
  /**
   * A GET whose `input` is its query string (each parameter once, as a string field); unknown
   * parameters are refused as unknown body fields are. Other routes ignore their query.
   */
  queryInput: boolean;
  /** Starter plans may call it (spec: purge-cache only). */
  starterAllowed: boolean;
  /** Error when the body is not a JSON object (get-snapshot has its own string). */
  invalidBody: ErrorCode;
}

const RULES = "/domains/{domainId}/routing-rules";
const RULE = `${RULES}/{ruleId}`;
const POLICY = "/domains/{domainId}/crawler-policy";
const SETTINGS = "/domains/{domainId}/settings";

/**
 * Every endpoint this build serves. Endpoints of the spec that are not built yet are absent on
 * purpose: their paths answer `404 not_found` rather than a stub.
 */
export const ROUTES: readonly RouteDef[] = [
  post("purge-cache", purgeCache, true),
  post("warm-cache", warmCache),
  post("list-user-domains", listUserDomains),
  post("export-user-analytics", exportUserAnalytics),
  post("export-crawl-analytics", exportCrawlAnalytics),
  post("export-page-analytics", exportPageAnalytics),
  post("export-page-snapshots", exportPageSnapshots),
  post("export-ai-referrals", exportAiReferrals),
  post("export-crawl-logs", exportCrawlLogs),
  post("export-robots-compliance", exportRobotsCompliance),
  post("export-crawler-charges", exportCrawlerCharges),
  post("export-crawl-to-refer", exportCrawlToRefer),
  post("get-bot-definitions", getBotDefinitions),
  { ...post("get-snapshot", getSnapshot), invalidBody: "invalid_json_body" },
  route("list-routing-rules", "GET", RULES, listRoutingRules),
  route("create-routing-rule", "POST", RULES, createRoutingRule),
  route("get-routing-rule", "GET", RULE, getRoutingRule),
  route("update-routing-rule", "PATCH", RULE, updateRoutingRule),
  route("delete-routing-rule", "DELETE", RULE, deleteRoutingRule),
  route("get-crawler-policy", "GET", POLICY, getCrawlerPolicy),
  route("replace-crawler-policy", "PUT", POLICY, replaceCrawlerPolicy),
  route("get-robots-txt", "GET", "/domains/{domainId}/robots-txt", getRobotsTxt),
  route("verify-domain", "POST", "/domains/{domainId}/verify", verifyDomain),
  route("get-domain-settings", "GET", SETTINGS, getDomainSettings),
  route("update-domain-settings", "PATCH", SETTINGS, updateDomainSettings),
  {
    ...route("get-cache-status", "GET", "/domains/{domainId}/cache-status", getCacheStatus),
    queryInput: true,
  },
];

function post<I, O>(name: string, endpoint: Endpoint<I, O>, starterAllowed = false): RouteDef<I> {
  return { ...route(name, "POST", `/${name}`, endpoint), starterAllowed };
}

function route<I, O>(
  name: string,
  method: RouteDef["method"],
  path: string,
  endpoint: Endpoint<I, O>,
): RouteDef<I> {
  return {
    name,
    method,
    path,
    input: endpoint.input,
    output: endpoint.output,
    contract: endpoint.contract,
    run: endpoint.run,
    hasBody: method === "POST" || method === "PUT" || method === "PATCH",
    queryInput: false,
    starterAllowed: false,
    invalidBody: "invalid_request",
  };
}
