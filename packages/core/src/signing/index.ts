export { decodeBase64url, encodeBase64url } from "./base64url.js";
export type { KeyRing, SigningKey } from "./key-ring.js";
export { constantTimeBytesEqual, createKeyRing } from "./key-ring.js";
export { isCanonicalPath, presignPath, verifyPresigned } from "./presign.js";
