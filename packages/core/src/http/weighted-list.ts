/**
 * Lists weighted by `q` (RFC 9110 §12.4.2), as `Accept` and `Accept-Encoding` carry them: one
 * reading for both, so the two negotiations skip and weigh members alike.
 */

/** One member: its name as `nameOf` returned it, and its weight. */
export interface WeightedMember {
  name: string;
  q: number;
}

/** An RFC 9110 token, lower case (names are lower-cased before they are checked). */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;

/** `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The members of a weighted list, in order. A member's name is what stands before its first
 * `;`, trimmed and lower-cased, then passed to `nameOf`, which answers the name to keep or
 * `null` to skip the member (not a token, not a media range). A member with a `q` parameter
 * that is not a qvalue is skipped; the last `q` counts; other parameters are ignored; empty
 * list elements are skipped. Without `q` a member weighs 1.
 */
export function parseWeightedList(
  value: string,
  nameOf: (name: string) => string | null,
): WeightedMember[] {
  const members: WeightedMember[] = [];
  for (const member of value.split(",")) {
    const [raw = "", ...params] = member.split(";");
    const name = nameOf(raw.trim().toLowerCase());
    if (name === null) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const eq = param.indexOf("=");
      if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "q") continue;
      const weight = param.slice(eq + 1).trim();
      valid = QVALUE.test(weight);
      if (!valid) break;
      q = Number(weight);
    }
    if (valid) members.push({ name, q });
  }
  return members;
}
