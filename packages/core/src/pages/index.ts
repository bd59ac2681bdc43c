export { countPathRows, passesCountFilter, rankPathRows, rowsOfPaths } from "./rank-rows.js";
