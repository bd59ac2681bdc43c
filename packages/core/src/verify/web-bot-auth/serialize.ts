import {
  type BareItem,
  type InnerList,
  type Item,
  type Parameters,
  serializeInnerList,
  serializeItem,
  Token,
} from "structured-headers";

/**
 * RFC 9651 serialization of the shapes signatures use (strings, integers, tokens, booleans as
 * items and parameters), written out directly because it runs per request; anything rarer
 * (decimals, byte sequences, dates, display strings) goes to `structured-headers`. Both give the
 * same canonical text (the property test compares them).
 */
function bare(value: BareItem): string | null {
  if (typeof value === "string") return `"${value.replace(/[\\"]/g, "\\$&")}"`;
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : null;
  if (value instanceof Token) return value.toString();
  if (value === true) return "?1";
  if (value === false) return "?0";
  return null;
}

function parameters(params: Parameters): string | null {
  let out = "";
  for (const [key, value] of params) {
    if (value === true) {
      out += `;${key}`;
      continue;
    }
    const text = bare(value);
    if (text === null) return null;
    out += `;${key}=${text}`;
  }
  return out;
}

export function itemText(item: Item): string {
  const value = bare(item[0]);
  const params = item[1].size === 0 ? "" : parameters(item[1]);
  return value !== null && params !== null ? value + params : serializeItem(item);
}

export function innerListText(list: InnerList): string {
  let out = "(";
  for (let i = 0; i < list[0].length; i++)
    out += (i === 0 ? "" : " ") + itemText(list[0][i] as Item);
  const params = parameters(list[1]);
  return params === null ? serializeInnerList(list) : `${out})${params}`;
}
