import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newSessionId, readSessionCookie, SESSION_COOKIE, sessionCookie } from "./cookie.js";

const ID = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

describe("the session cookie", () => {
  it("reads the session ID among other cookies, quoted or not, spaces or not", () => {
    expect(readSessionCookie(`${SESSION_COOKIE}=${ID}`)).toBe(ID);
    expect(readSessionCookie(`a=1; ${SESSION_COOKIE}=${ID}; b=2`)).toBe(ID);
    expect(readSessionCookie(`a=1;${SESSION_COOKIE}="${ID}"`)).toBe(ID);
    expect(readSessionCookie(`x${SESSION_COOKIE}=${ID}`)).toBeNull();
    expect(readSessionCookie(`${SESSION_COOKIE}=${ID}x`)).toBeNull();
    expect(readSessionCookie(undefined)).toBeNull();
    expect(readSessionCookie("")).toBeNull();
  });

  it("two cookies of the session's name are no session, whatever their values", () => {
    const other = "QPONMLKJIHGFEDCBAzyxwvutsrqponmlkjihgfedcba";
    for (const header of [
      `${SESSION_COOKIE}=${ID}; ${SESSION_COOKIE}=${other}`,
      `${SESSION_COOKIE}=${ID}; a=1; ${SESSION_COOKIE}=${ID}`,
      `${SESSION_COOKIE}=short; ${SESSION_COOKIE}=${ID}`,
      `${SESSION_COOKIE}=${ID};${SESSION_COOKIE}=`,
    ])
      expect(readSessionCookie(header), header).toBeNull();
    const secure = `__Host-${SESSION_COOKIE}`;
    expect(readSessionCookie(`${secure}=${ID}; ${secure}=${other}`, true)).toBeNull();
    // Over https the unprefixed name is not the session's: it neither counts nor names one.
    expect(readSessionCookie(`${SESSION_COOKIE}=${other}; ${secure}=${ID}`, true)).toBe(ID);
  });

  it("property: a second session cookie anywhere in the header signs the browser out", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.stringMatching(/^[a-z_]{1,12}$/), fc.stringMatching(/^[A-Za-z0-9]{0,9}$/)),
        ),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (others, at, at2, secure) => {
          const cookie = (id: string) =>
            sessionCookie(id, { secure, maxAgeSeconds: 1 }).split("; ")[0] as string;
          const pairs = others.map(([name, value]) => `${name}=${value}`);
          pairs.splice(at % (pairs.length + 1), 0, cookie(newSessionId()));
          expect(readSessionCookie(pairs.join("; "), secure)).not.toBeNull();
          pairs.splice(at2 % (pairs.length + 1), 0, cookie(newSessionId()));
          expect(readSessionCookie(pairs.join("; "), secure)).toBeNull();
        },
      ),
    );
  });

  it("writes the attributes; over https the __Host- name, Secure and Path=/", () => {
    expect(sessionCookie(ID, { secure: false, maxAgeSeconds: 60 })).toBe(
      `${SESSION_COOKIE}=${ID}; Path=/dashboard; Max-Age=60; HttpOnly; SameSite=Strict`,
    );
    expect(sessionCookie("", { secure: true, maxAgeSeconds: 0 })).toBe(
      `__Host-${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure`,
    );
  });

  it("property: a written cookie reads back; any header parses without throwing", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.stringMatching(/^[a-z_]{1,12}$/), fc.stringMatching(/^[!#-+\--:<-~]{0,20}$/)),
        ),
        fc.nat(),
        (others, at) => {
          const id = newSessionId();
          const pairs = others.map(([name, value]) => `${name}=${value}`);
          pairs.splice(
            at % (pairs.length + 1),
            0,
            sessionCookie(id, { secure: true, maxAgeSeconds: 1 }).split("; ")[0] as string,
          );
          const found = readSessionCookie(pairs.join("; "), true);
          expect(readSessionCookie(pairs.join("; "), false)).toBeNull();
          // Other cookies (names up to 12 letters, values up to 20 characters) never hide it.
          expect(found).toBe(id);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        const found = readSessionCookie(header);
        if (found !== null) expect(found).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }),
    );
  });

  it("session IDs are 43 base64url characters and differ", () => {
    const ids = new Set(Array.from({ length: 100 }, newSessionId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
