/**
 * A preload (`node --import ./hide-packages.mjs`) that makes the packages named in
 * `HIDE_PACKAGES` (comma-separated) fail to resolve, as if they were not installed: `import`
 * through a resolve hook, `require` through the CommonJS resolver. The errors carry the codes
 * Node gives a missing package (`ERR_MODULE_NOT_FOUND`, `MODULE_NOT_FOUND`).
 */
import Module, { register } from "node:module";

const hidden = (process.env.HIDE_PACKAGES ?? "").split(",").filter(Boolean);

// The resolve hook runs on Node's loader thread: it gets the names through `initialize`.
const hooks = `
let hidden = [];
export function initialize(names) { hidden = names; }
export async function resolve(specifier, context, next) {
  if (hidden.some((name) => specifier === name || specifier.startsWith(name + "/")))
    throw Object.assign(new Error("Cannot find package '" + specifier + "' (hidden)"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: hidden });

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (hidden.some((name) => request === name || request.startsWith(`${name}/`)))
    throw Object.assign(new Error(`Cannot find module '${request}' (hidden)`), {
      code: "MODULE_NOT_FOUND",
    });
  return resolveFilename.call(this, request, ...rest);
};
