import type { ApiError } from "./data-source.js";

/** What a person reads for an API error: the API's own message first, else one per code. */
export function errorText(error: ApiError): string {
  if (error.message) return error.message;
  switch (error.code) {
    case "plan_upgrade_required":
      return "This needs the Pro plan or above: upgrade the account's plan to see it.";
    case "forbidden":
      return "Your role on this domain can read but not change routing rules (owner or manager only).";
    case "duplicate_source_path":
      return "Another rule on this domain already has this source path.";
    case "rule_limit_reached":
      return `This domain has as many rules as its owner's plan allows (${error.limit ?? "?"}).`;
    case "domain_not_found":
      return "Domain not found, or you no longer have access to it.";
    case "rule_not_found":
      return "That rule no longer exists (it may have been deleted elsewhere).";
    case "domain_not_authorized":
      return "This domain is not in your account.";
    case "unauthorized":
    case "invalid_api_key":
      return "Your session has ended: sign in again.";
    case "not_in_report":
      return "This view is not part of this report: open the live dashboard for it.";
    case "network_error":
      return "The server could not be reached. Check the connection and retry.";
    default:
      if (error.code.startsWith("rate_limit_exceeded"))
        return "Too many requests for now: wait a minute and retry.";
      if (/csrf/i.test(error.code))
        return "This page's security token is missing or stale: reload the page and retry.";
      return `The request failed (${error.code}).`;
  }
}
