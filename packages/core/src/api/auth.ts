import { constantTimeEqual, hashApiKey, isWellFormedApiKey } from "../accounts/api-key.js";
import { CrawlgateError } from "../errors.js";
import type { AccountStore } from "../ports/index.js";
import type { User } from "../types.js";

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

/**
 * Resolves `Authorization: Bearer <key>` to its user. A missing header, a malformed, unknown or
 * revoked key, or a key whose user is gone all end in the same `401 invalid_api_key`.
 */
export async function authenticate(
  accounts: AccountStore,
  authorization: string | undefined,
): Promise<User> {
  const key = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  // Malformed keys (wrong prefix, length or checksum) are refused before storage is touched.
  if (!key || !isWellFormedApiKey(key)) throw new CrawlgateError("invalid_api_key");
  const hash = await hashApiKey(key);
  const record = await accounts.findApiKeyByHash(hash);
  if (!record || !constantTimeEqual(record.keyHash, hash) || record.revokedAt !== null) {
    throw new CrawlgateError("invalid_api_key");
  }
  const user = await accounts.getUser(record.userId);
  if (!user) throw new CrawlgateError("invalid_api_key");
  return user;
}
