export { compareUtf8 } from "./compare-utf8.js";
