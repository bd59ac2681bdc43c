/**
 * A sitemap `<lastmod>` (W3C Datetime: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, or a date with `Thh:mm`,
 * `Thh:mm:ss` or `Thh:mm:ss.s…` and a zone `Z` or `±hh:mm`) as epoch milliseconds, or `null` when
 * it is not one (a missing zone on a time is accepted as UTC, as search engines read it).
 * Never throws.
 */
export function parseLastmod(text: string): number | null {
  const m =
    /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/.exec(
      text.trim(),
    );
  if (!m) return null;
  const [, y, mo = "01", d = "01", h = "00", mi = "00", s = "00", frac = "", zone = "Z"] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  const ms = Date.UTC(
    year,
    month - 1,
    day,
    hour,
    minute,
    second,
    Number(frac.padEnd(3, "0").slice(0, 3)),
  );
  // Date.UTC rolls 31 February over into March: refuse days past the month's end.
  if (new Date(ms).getUTCDate() !== day) return null;
  if (zone === "Z") return ms;
  const sign = zone.startsWith("-") ? -1 : 1;
  const zh = Number(zone.slice(1, 3));
  const zm = Number(zone.slice(4, 6));
  if (zh > 23 || zm > 59) return null;
  return ms - sign * (zh * 60 + zm) * 60_000;
}
