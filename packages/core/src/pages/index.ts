export { passesCountFilter, rankPathRows, rowsOfPaths } from "./rank-rows.js";
