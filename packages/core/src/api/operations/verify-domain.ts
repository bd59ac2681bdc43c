import { z } from "zod";
import { verifyDomain } from "../../accounts/domain-verification.js";
import { CrawlgateError } from "../../errors.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { named, uuid } from "../responses/shapes.js";
import { domainAccess } from "../rules/rule-access.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

const challenge = named(
  "VerificationChallenge",
  z
    .strictObject({
      token: z.string().describe("The domain's token: the same until the domain is verified"),
      dnsName: z.string().describe("Where to publish a TXT record: `_crawlgate-challenge.<host>`"),
      dnsValue: z.string().describe("The TXT record's value (the token)"),
      httpPath: z
        .string()
        .describe("Or: the path on the domain's origin of a file whose trimmed body is the token"),
    })
    .describe("What to publish to prove control of the host"),
);

export const output = z.strictObject({
  domainId: uuid,
  verificationStage: z.string().describe("`verified`, or `pending` when no check found the token"),
  challenge: challenge.nullable().describe("null once the domain is verified"),
  message: z.string().describe("How the domain was verified, or what each check found"),
});

export const contract: EndpointContract = {
  summary: "Verify ownership of a domain",
  description:
    "Owner only (a manager or viewer gets `403 forbidden`). Checks the domain's challenge: a DNS TXT record at `_crawlgate-challenge.<host>` whose value is the token, else the file `/.well-known/crawlgate-verification.txt` on the domain's origin (a `200` whose trimmed body is the token; redirects are not followed). Found: `verificationStage` becomes `verified` and `challenge` is null. Not found: `200` with `verificationStage: \"pending\"`, the challenge, and a `message` saying what each check found. A pending domain's token stays the same until it is verified. Each call makes at most one DNS lookup and one request to the origin, 5 s each.",
  status: 200,
  errors: ["invalid_request", "forbidden", "domain_not_found"],
};

/** POST /domains/{domainId}/verify: checks the ownership challenge of a domain the caller owns. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await domainAccess(ctx);
  if (access.role !== "owner") throw new CrawlgateError("forbidden");
  ctx.input();
  const { deps } = ctx;
  const result = await verifyDomain(
    { ...deps.domainChecks, accounts: deps.accounts, settingsCache: deps.settingsCache },
    access.domain,
  );
  return {
    status: 200,
    body: {
      domainId: result.domain.domainId,
      verificationStage: result.domain.verificationStage ?? "pending",
      challenge: result.challenge,
      message: result.message,
    },
  };
};
