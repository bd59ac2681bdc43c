import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "../../http/error-response.js";
import { createContractChecker } from "../../testing/api/contract.js";
import { ROUTES } from "../routes.js";
import { parseBody } from "../validate.js";
import { openApiDocument, pascalName } from "./document.js";
import { EXAMPLES } from "./examples.js";

const document = openApiDocument();

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("is the same every time it is built", () => {
    expect(JSON.stringify(openApiDocument())).toBe(JSON.stringify(document));
  });

  it("has every route with its success, its own errors and the shared ones", () => {
    for (const route of ROUTES) {
      const op = document.paths[`/functions/v1${route.path}`]?.[route.method.toLowerCase()];
      expect(op, route.name).toBeDefined();
      const statuses = Object.keys(op.responses);
      expect(statuses).toContain(String(route.contract.status));
      for (const code of route.contract.errors) {
        expect(statuses, `${route.name} ${code}`).toContain(String(ERROR_STATUS[code]));
      }
      for (const shared of ["401", "429", "500"]) expect(statuses).toContain(shared);
      expect(statuses.includes("403"), route.name).toBe(
        !route.starterAllowed || route.contract.errors.some((c) => ERROR_STATUS[c] === 403),
      );
      expect(op.responses["429"].headers["Retry-After"].required).toBe(true);
      const success = op.responses[String(route.contract.status)].content["application/json"];
      expect(success.schema).toEqual({
        $ref: `#/components/schemas/${pascalName(route.name)}Response`,
      });
      expect(op.security, route.name).toBeUndefined(); // the document's Bearer key applies
    }
    expect(document.security).toEqual([{ apiKey: [] }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
  });

  it("publishes the presigned downloads and itself without security", () => {
    for (const path of [
      "/functions/v1/openapi.json",
      "/functions/v1/files/snapshots/{snapshotId}",
      "/functions/v1/files/archive/{domainId}/{day}/{file}",
    ]) {
      expect(document.paths[path].get.security, path).toEqual([]);
    }
  });

  it("closes every response object to other fields", () => {
    const open: string[] = [];
    const visit = (schema: unknown, at: string) => {
      if (Array.isArray(schema)) {
        for (const [i, s] of schema.entries()) visit(s, `${at}/${i}`);
      }
      if (typeof schema !== "object" || schema === null) return;
      const s = schema as Record<string, unknown>;
      if (s.type === "object" && s.properties && s.additionalProperties === undefined)
        open.push(at);
      for (const [key, value] of Object.entries(s)) visit(value, `${at}/${key}`);
    };
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      // get-snapshot alone ignores unknown request fields.
      if (name !== "GetSnapshotRequest") visit(schema, name);
    }
    expect(open).toEqual([]);
  });

  it("has examples that satisfy their own schemas", () => {
    const check = createContractChecker(document);
    const names = Object.keys(EXAMPLES);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const route = ROUTES.find((r) => r.name === name);
      if (!route) throw new Error(`example of an unknown route ${name}`);
      const op = document.paths[`/functions/v1${route.path}`][route.method.toLowerCase()];
      const success = op.responses[String(route.contract.status)];
      expect(success.content["application/json"].example, name).toBeDefined();
      const headers = new Headers({ "content-type": "application/json" });
      if (route.contract.headers) for (const h of route.contract.headers) headers.set(h.name, "/x");
      const problems = check({
        method: route.method,
        url: `/functions/v1${route.path}`,
        status: route.contract.status,
        headers,
        text: JSON.stringify(EXAMPLES[name]?.response),
      });
      expect(problems, name).toEqual([]);
      const request = EXAMPLES[name]?.request;
      if (request !== undefined) expect(() => parseBody(route.input, request), name).not.toThrow();
    }
  });
});
