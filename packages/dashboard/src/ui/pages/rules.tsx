import type { ListRoutingRulesResponse, RoutingRule } from "@crawlgate/client";
import { useState } from "preact/hooks";
import { requests } from "../../shared/requests.js";
import { ScrollBox } from "../components/scroll-box.js";
import { ErrorNote, Loaded } from "../components/status.js";
import { ViewFrame } from "../components/view-frame.js";
import { useCall, useEnv } from "../context.js";
import type { ApiError } from "../data-source.js";
import { DomainVerification } from "./domain-verification.js";
import { PurgeForm } from "./purge-form.js";
import { type RuleFields, RuleForm } from "./rule-form.js";

/** Routing rules (list, add, edit, pause, delete) and page purges of one domain. */
export function Rules({ domainId }: { domainId: string }) {
  const { source } = useEnv();
  const list = useCall<ListRoutingRulesResponse>(requests.rules(domainId));
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [rowError, setRowError] = useState<ApiError | null>(null);
  const base = requests.rules(domainId).path;
  const write = async (
    method: "POST" | "PATCH" | "DELETE",
    path: string,
    body?: RuleFields,
  ): Promise<ApiError | null> => {
    const result = await source.call({ method, path, ...(body ? { body } : {}) });
    if (!result.ok) return result.error;
    list.reload();
    return null;
  };
  return (
    <ViewFrame title="Routing rules">
      <Loaded state={list}>
        {(data) => {
          const canEdit = data.role === "owner" || data.role === "manager";
          return (
            <>
              <p class="muted">
                {data.domain}: {data.ruleCount} rule{data.ruleCount === 1 ? "" : "s"}
                {data.limit === null ? "" : ` of ${data.limit} allowed`} · your role: {data.role}
                {canEdit ? "" : " (read only: an owner or manager can change rules)"}
              </p>
              {rowError ? <ErrorNote error={rowError} /> : null}
              <RuleList
                rules={data.rules}
                canEdit={canEdit}
                onEdit={setEditing}
                onToggle={async (rule) =>
                  setRowError(
                    await write("PATCH", `${base}/${rule.ruleId}`, { isActive: !rule.isActive }),
                  )
                }
                onDelete={async (rule) =>
                  setRowError(await write("DELETE", `${base}/${rule.ruleId}`))
                }
              />
              {canEdit && editing
                ? (() => {
                    const rule = data.rules.find((r) => r.ruleId === editing);
                    return rule ? (
                      <RuleForm
                        key={rule.ruleId}
                        rule={rule}
                        cancel={() => setEditing(null)}
                        submit={async (fields) => {
                          const error = await write("PATCH", `${base}/${rule.ruleId}`, fields);
                          if (!error) setEditing(null);
                          return error;
                        }}
                      />
                    ) : null;
                  })()
                : null}
              {canEdit ? (
                <RuleForm
                  key={`new-${formKey}`}
                  rule={null}
                  submit={async (fields) => {
                    const error = await write("POST", base, fields);
                    if (!error) setFormKey((n) => n + 1);
                    return error;
                  }}
                />
              ) : null}
              <PurgeForm domain={data.domain} domainId={domainId} />
              <DomainVerification domainId={domainId} role={data.role} />
            </>
          );
        }}
      </Loaded>
    </ViewFrame>
  );
}

function RuleList(props: {
  rules: readonly RoutingRule[];
  canEdit: boolean;
  onEdit(ruleId: string): void;
  onToggle(rule: RoutingRule): void;
  onDelete(rule: RoutingRule): void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  if (props.rules.length === 0) return <p>No routing rules yet.</p>;
  return (
    <ScrollBox label="Rules, in match order">
      <table>
        <caption>Rules, in match order</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Target</th>
            <th scope="col">Type</th>
            <th scope="col" class="num">
              Priority
            </th>
            <th scope="col">State</th>
            {props.canEdit ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.rules.map((rule) => (
            <tr key={rule.ruleId}>
              <td>
                <code>{rule.sourcePath}</code>
              </td>
              <td class="wrap">{rule.targetUrl}</td>
              <td>{rule.ruleType === "redirect" ? `redirect ${rule.redirectCode}` : "proxy"}</td>
              <td class="num">{rule.priority}</td>
              <td>{rule.isActive ? "active" : "paused"}</td>
              {props.canEdit ? (
                <td class="actions">
                  <button type="button" onClick={() => props.onEdit(rule.ruleId)}>
                    Edit<span class="sr-only"> {rule.sourcePath}</span>
                  </button>
                  <button type="button" onClick={() => props.onToggle(rule)}>
                    {rule.isActive ? "Pause" : "Resume"}
                    <span class="sr-only"> {rule.sourcePath}</span>
                  </button>
                  {confirming === rule.ruleId ? (
                    <>
                      <button type="button" class="danger" onClick={() => props.onDelete(rule)}>
                        Confirm delete<span class="sr-only"> {rule.sourcePath}</span>
                      </button>
                      <button type="button" class="secondary" onClick={() => setConfirming(null)}>
                        Keep
                      </button>
                    </>
                  ) : (
                    <button type="button" class="danger" onClick={() => setConfirming(rule.ruleId)}>
                      Delete<span class="sr-only"> {rule.sourcePath}</span>
                    </button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
