export { compareUtf8 } from "./compare-utf8.js";
export { normalizeHostname } from "./hostname.js";
